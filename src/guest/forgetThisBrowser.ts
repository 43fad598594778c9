import { EARLY_ANSWERS_KEY_PREFIX } from '../elements/early/earlyAnswers';
import { browserStorage, LEARNER_STATE_KEY_PREFIX } from '../viewer/localLearnerState';

/**
 * Removes every material's state this browser keeps for a share, and the early answers of every page
 * not yet taken over (src/elements/early/earlyAnswers.ts): a guest who lets this browser forget them
 * leaves nothing behind for the next visitor. Never throws.
 */
export function forgetLearnerStates(shareId: string, storage: Storage | undefined = browserStorage()): void {
  try {
    if (!storage) return;
    const prefixes = [`${LEARNER_STATE_KEY_PREFIX}${shareId}:`, EARLY_ANSWERS_KEY_PREFIX];
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key && prefixes.some((prefix) => key.startsWith(prefix))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    /* storage unavailable: nothing was kept */
  }
}
