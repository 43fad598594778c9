import { createActor, fromPromise } from 'xstate';
import { ltiPlatformStorageMachine, type LtiPlatformStorageSnapshot } from '../../../machines/ltiPlatformStorage';
import { transitionRecorder, type RecordedTransition } from '../../../machines/transitionRecorder';
import { heading, messageBox, paragraph } from '../../launchPages/messageBox';
import type { StoragePageConfig } from './storageConfig';

/*
 * The glue of the LTI login and launch pages that use the LMS's storage frame (server/lti/storagePages.ts
 * writes them): the chart machines/ltiPlatformStorage.ts with its actions bound to postMessage, the
 * page's address and the server's confirmation call. Browser code, built into /lti/storage.js (main.ts
 * is its entry).
 */

/** How long the server may take to open a checked launch. */
export const CONFIRM_DEADLINE_MS = 15_000;

const SUBJECTS = { store: 'lti.put_data', check: 'lti.get_data' } as const;

/** The window a framed (or opened) tool page talks to: the LMS's. */
const hostOf = (win: Window): Window | null => (win.opener as Window | null) ?? (win.parent !== win ? win.parent : null);

/** The storage frame: the LMS's window itself (`_parent`) or a frame of it by name. */
function storageFrameOf(host: Window, name: string): Window | null {
  if (name === '_parent') return host;
  try {
    return (host.frames as unknown as Record<string, Window | undefined>)[name] ?? null;
  } catch {
    return null;
  }
}

async function confirm(win: Window, config: StoragePageConfig): Promise<string> {
  const response = await win.fetch(config.confirmUrl!, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ id_token: config.idToken, state: config.state }),
    signal: AbortSignal.timeout(CONFIRM_DEADLINE_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as { location?: unknown; message?: unknown };
  if (response.ok && typeof answer.location === 'string') return answer.location;
  throw new Error(typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`);
}

function render(doc: Document, snapshot: LtiPlatformStorageSnapshot): void {
  if (!snapshot.matches('refused')) return;
  const problem = snapshot.context.problem;
  const english = (element: HTMLElement) => {
    element.lang = 'en';
    return element;
  };
  messageBox(doc).replaceChildren(
    heading(doc, 'Der Kurs konnte nicht geöffnet werden'),
    paragraph(doc, 'Das Lernsystem (LMS) hat nicht bestätigt, dass dieser Browser den Start begonnen hat. Bitte starte den Kurs erneut im Lernsystem.'),
    english(paragraph(doc, 'The course could not be opened: the learning platform (LMS) did not confirm that this browser began the launch. Please launch it again in the LMS.')),
    english(paragraph(doc, `For the LMS administrator: failed check: state (${problem?.reason ?? 'unknown'}). ${problem?.message ?? ''}`)),
  );
}

export function startStoragePage(win: Window, config: StoragePageConfig) {
  const host = hostOf(win);
  /** The message ids of this page's requests, with the key each asked about. */
  const asked = new Map<string, string>();
  const machine = ltiPlatformStorageMachine.provide({
    actors: { confirmLaunch: fromPromise(() => confirm(win, config)) },
    actions: {
      // Carries no data: any origin may read it (Client Side postMessages, lti.capabilities).
      askCapabilities: () => host?.postMessage({ subject: 'lti.capabilities', message_id: win.crypto.randomUUID() }, '*'),
      sendRequests: ({ context }) => {
        const frame = host ? storageFrameOf(host, context.frame ?? config.storageTarget) : null;
        for (const entry of context.entries) {
          const id = win.crypto.randomUUID();
          asked.set(id, entry.key);
          const message = config.mode === 'store' ? { subject: SUBJECTS.store, message_id: id, key: entry.key, value: entry.value } : { subject: SUBJECTS.check, message_id: id, key: entry.key };
          frame?.postMessage(message, config.platformOrigin);
        }
      },
      continueToPlatform: () => win.location.replace(config.continueUrl!),
      openLaunch: ({ context }) => win.location.replace(context.location!),
    },
  });
  const recording = (win as { __lernwerkTransitions?: unknown }).__lernwerkTransitions;
  const actor = createActor(machine, {
    input: { mode: config.mode, entries: config.entries },
    inspect: Array.isArray(recording) ? transitionRecorder(recording as RecordedTransition[]) : undefined,
  });

  const onMessage = (event: MessageEvent) => {
    const data = event.data as Record<string, unknown> | null;
    if (typeof data !== 'object' || data === null || typeof data.subject !== 'string') return;
    if (data.subject === 'lti.capabilities.response') {
      if (event.source !== host || !Array.isArray(data.supported_messages)) return;
      const offers = (data.supported_messages as { subject?: unknown; frame?: unknown }[]).filter((m) => m?.subject === 'lti.put_data' || m?.subject === 'lti.get_data');
      const mine = offers.find((m) => m.subject === SUBJECTS[config.mode]);
      actor.send({ type: 'capabilities.answered', storage: offers.length === 2, frame: typeof mine?.frame === 'string' && mine.frame ? mine.frame : null });
      return;
    }
    // Storage answers count only from the platform's origin and for this page's requests.
    if (data.subject !== `${SUBJECTS[config.mode]}.response` || event.origin !== config.platformOrigin) return;
    const key = typeof data.message_id === 'string' ? asked.get(data.message_id) : undefined;
    if (key === undefined || data.key !== key) return;
    const error = data.error as { code?: unknown; message?: unknown } | undefined;
    if (error) actor.send({ type: 'storage.refused', key, code: String(error.code ?? ''), message: String(error.message ?? '') });
    else actor.send({ type: 'storage.answered', key, value: typeof data.value === 'string' ? data.value : null });
  };
  win.addEventListener('message', onMessage);
  actor.subscribe((snapshot) => render(win.document, snapshot));
  actor.start();
  return {
    actor,
    stop() {
      actor.stop();
      win.removeEventListener('message', onMessage);
    },
  };
}
