import { useSelector } from '@xstate/react';
import { useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/react';
import type { AnyActorRef } from 'xstate';
import type { TrackingSnapshot } from '../../machines/tracking';
import { saveStateOf, type SaveState } from '../../machines/tracking.connect';
import { useViewerSelector } from '../elements/viewerContext';
import { PageDataContext } from '../../paint/PageDataContext';
import { queueIsDurable } from './learnerTracking';
import { browserKeepsLearnerState } from './localLearnerState';
import { Icon } from '../../paint/Icon';
import { announcePolitely } from '../ui/liveAnnouncer';

type Look = { tone: string; icon: 'check' | 'sync' | 'alert' | 'device'; label: string; detail?: string };

/**
 * Whether the learner's work is safe (issue 4): saved, saving, or how many changes are not yet
 * saved and why. Anonymous visitors learn that their work is kept in this browser. Annotation notes
 * the server has not acknowledged yet (src/annotations/unsentDrafts.ts) count as changes not saved.
 */
export function SaveStateIndicator() {
  const { t } = useTranslation('viewer');
  const tracking = useViewerSelector((context) => context.tracking, null) as AnyActorRef | null;
  const tracked = useSelector(tracking ?? undefined, (snapshot: TrackingSnapshot | undefined) => (snapshot ? saveStateOf(snapshot) : null), sameState);
  const [drafts, draftsAreDurable] = useUnsentDrafts();
  const state = withUnsentDrafts(tracked, drafts);
  // Pending changes survive a reload when every place holding some does: the tracking queue, the drafts.
  const trackedPending = tracked && tracked.status !== 'off' ? tracked.pending : 0;
  const durable = (drafts > 0 && trackedPending === 0 ? true : queueIsDurable()) && (drafts === 0 || draftsAreDurable());
  const look = lookOf(state, t, { durable, local: browserKeepsLearnerState() });
  useSaidWhenAtRisk(look);
  if (!look) return null;
  return (
    <div
      role="status"
      // Said by useSaidWhenAtRisk: only when work becomes unsaved and when it is saved again, not at every save.
      aria-live="off"
      data-testid="save-state"
      data-status={state?.status ?? 'local'}
      data-pending={state?.pending ?? 0}
      title={look.detail ?? look.label}
      className={`flex shrink-0 items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium ${look.tone}`}
    >
      <Icon name={look.icon} className={`h-4 w-4 ${look.icon === 'sync' ? 'animate-spin [animation-duration:2s]' : ''}`} />
      <span className="sr-only sm:not-sr-only">{look.label}</span>
      {look.detail ? <span className="sr-only">{look.detail}</span> : null}
    </div>
  );
}

/**
 * Tells screen readers, from the page's polite live region, when changes stop being saved (with how many
 * and why) and when they are all saved again; the saving and saved of every answer stay quiet.
 */
function useSaidWhenAtRisk(look: Look | null): void {
  const phase = look?.icon === 'alert' ? 'atRisk' : look?.icon === 'check' ? 'saved' : 'other';
  const text = look ? [look.label, look.detail].filter(Boolean).join('. ') : '';
  // Said again when the reason changes (the detail), not when one more change waits.
  const moment = phase === 'atRisk' ? `atRisk:${look?.detail ?? ''}` : phase;
  const wasAtRisk = useRef(false);
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    if (phase === 'atRisk') {
      announcePolitely(latest.current);
      wasAtRisk.current = true;
    } else if (phase === 'saved') {
      if (wasAtRisk.current) announcePolitely(latest.current);
      wasAtRisk.current = false;
    }
  }, [moment]); // eslint-disable-line react-hooks/exhaustive-deps -- once per moment: phase is part of it, the text is read as it is then
}

type DraftsModule = typeof import('../annotations/unsentDrafts');
let draftsModule: DraftsModule | undefined;

/**
 * The annotation notes of this page's material the server has not acknowledged yet, and whether they
 * survive a reload: the header renders again only when their number changes. Their module comes after
 * the header's first render (not part of the first route: notes are kept unsent only after a failed
 * send), so the count starts at none.
 */
function useUnsentDrafts(): [count: number, durable: () => boolean] {
  const share = useContext(PageDataContext)?.share?.publicId ?? null;
  const materialId = useViewerSelector((context) => context.material.id, null);
  const [drafts, setDrafts] = useState(draftsModule);
  useEffect(() => {
    if (!drafts) import('../annotations/unsentDrafts').then((module) => setDrafts((draftsModule = module)), () => undefined);
  }, [drafts]);
  const subscribe = useCallback((listener: () => void) => drafts?.subscribeToDrafts(listener) ?? (() => undefined), [drafts]);
  const count = useCallback(() => (drafts && share && materialId ? drafts.unsentDraftCount({ share, materialId }) : 0), [drafts, share, materialId]);
  return [useSyncExternalStore(subscribe, count, () => 0), () => drafts?.unsentDraftsAreDurable() ?? true];
}

/**
 * The save state with `drafts` unsent annotation notes: they are changes not saved (whatever the
 * tracking says, even without tracking), added to the tracking's pending count and its reason.
 */
export function withUnsentDrafts(state: SaveState | null, drafts: number): SaveState | null {
  if (drafts === 0) return state;
  const tracked = state && state.status !== 'off' ? state.pending : 0;
  return { status: 'pending', pending: tracked + drafts, ...(state?.status === 'pending' && state.reason ? { reason: state.reason } : {}) };
}

/** Where the browser keeps work until it is saved: IndexedDB for tracked changes, localStorage for anonymous work. */
type Keeping = { durable: boolean; local: boolean };

const warning = 'bg-amber-50 text-amber-900 ring-1 ring-amber-200';

function lookOf(state: SaveState | null, t: (key: string, options?: Record<string, unknown>) => string, keeping: Keeping): Look | null {
  if (!state || state.status === 'off') {
    if (!keeping.local) return { tone: warning, icon: 'alert', label: t('saveState.notKept'), detail: t('saveState.notKeptLong') };
    return { tone: 'text-gray-500', icon: 'device', label: t('saveState.local') };
  }
  if (state.status === 'saving') return { tone: 'text-gray-600', icon: 'sync', label: t('saveState.saving') };
  if (state.status === 'saved') return savedLook(t);
  // Waiting for a guest name with nothing done yet: the Save button says enough.
  if (state.reason === 'guestName' && state.pending === 0) return null;
  // Offline (or waiting on the server) with nothing unsent: all the work is saved; "0 changes not saved" would alarm for nothing.
  if (state.pending === 0) return savedLook(t);
  const reason = state.reason ? `${t(`saveState.reasons.${state.reason}`)} ` : '';
  return {
    tone: warning,
    icon: 'alert',
    label: t('saveState.pending', { count: state.pending }),
    detail: reason + t(keeping.durable ? 'saveState.keptHere' : 'saveState.memoryOnly'),
  };
}

function savedLook(t: (key: string) => string): Look {
  return { tone: 'text-green-700', icon: 'check', label: t('saveState.saved'), detail: t('saveState.savedLong') };
}

function sameState(a: SaveState | null, b: SaveState | null): boolean {
  return a?.status === b?.status && a?.pending === b?.pending && a?.reason === b?.reason;
}
