import { LearnerState } from '../../model/learnerState';

/*
 * The learner's work kept in this browser (localStorage), per share and material, so a reload
 * loses nothing. Server-side saving for guests and users builds on the same LearnerState.
 */
export const LEARNER_STATE_KEY_PREFIX = 'lernwerk:learner:';

/**
 * The browser's localStorage, or undefined where reading it throws (a frame whose storage the
 * browser blocks, e.g. third-party embeds): the viewer then works without keeping state locally.
 */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether this browser lets the page keep the learner's work (a probe write; blocked or full storage: false). */
export function browserKeepsLearnerState(storage: Storage | undefined = browserStorage()): boolean {
  const probe = `${LEARNER_STATE_KEY_PREFIX}probe`;
  try {
    if (!storage) return false;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function learnerStateKey(shareId: string, materialId: string): string {
  return `${LEARNER_STATE_KEY_PREFIX}${shareId}:${materialId}`;
}

/** The saved state, or empty when there is none or it is unreadable (never throws). */
export function loadLearnerState(key: string, storage: Storage | undefined = browserStorage()): LearnerState {
  try {
    const parsed = LearnerState.safeParse(JSON.parse(storage?.getItem(key) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Writes the state; a full or unavailable storage is not an error for the learner (returns false). */
export function saveLearnerState(key: string, state: LearnerState, storage: Storage | undefined = browserStorage()): boolean {
  try {
    storage?.setItem(key, JSON.stringify(state));
    return Boolean(storage);
  } catch {
    return false;
  }
}

type SavedSnapshot = { context: { saved: LearnerState; changes?: readonly unknown[] } };

/** Runs `write` once the frame after now has been produced (a click's feedback paints first). */
function afterNextFrame(write: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const timer = setTimeout(write, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(write, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Keeps the viewer's saved state in the browser: written once the frame after a learner change has
 * been produced (several changes in one frame, one write; the learner's feedback does not wait for
 * it), at once when the viewer says so (`saved.flush`: the tab was hidden or the page is being left:
 * machines/viewer.ts) and when the subscription ends, and at once when changes landed before this
 * subscription. Opening the first page can itself be a change (an openedCompletion path step, an
 * external resource: machines/viewer.ts `completeOnOpen`), and the page announces itself in a layout
 * effect, before the viewer's effects subscribe here: without the first write, a step opened by
 * direct link, in a new tab or by a reload was never kept. `defer` schedules the write (tests pass
 * their own).
 */
export function persistLearnerState(
  viewer: {
    getSnapshot?: () => SavedSnapshot;
    subscribe: (listener: (snapshot: SavedSnapshot) => void) => { unsubscribe: () => void };
    on: (type: 'saved.flush', handler: () => void) => { unsubscribe: () => void };
  },
  key: string,
  defer: (write: () => void) => () => void = afterNextFrame,
) {
  let last: LearnerState | undefined;
  let unwritten: LearnerState | undefined;
  let cancel: (() => void) | undefined;
  const flush = () => {
    cancel?.();
    cancel = undefined;
    if (unwritten === undefined) return;
    saveLearnerState(key, unwritten);
    unwritten = undefined;
  };
  const current = viewer.getSnapshot?.();
  if (current?.context.changes?.length) {
    last = current.context.saved;
    saveLearnerState(key, last);
  }
  const flushing = viewer.on('saved.flush', flush);
  const subscription = viewer.subscribe((snapshot) => {
    if (snapshot.context.saved === last) return;
    last = unwritten = snapshot.context.saved;
    cancel ??= defer(flush);
  });
  return {
    unsubscribe() {
      subscription.unsubscribe();
      flushing.unsubscribe();
      flush();
    },
  };
}
