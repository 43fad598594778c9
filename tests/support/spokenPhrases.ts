import { virtual } from '@guidepup/virtual-screen-reader';

/** What the virtual screen reader said since the last call of the function made here: its log's new lines. */
export function spokenSince(): () => Promise<string[]> {
  let seen = 0;
  return async () => {
    const log = await virtual.spokenPhraseLog();
    const fresh = log.slice(seen);
    seen = log.length;
    return fresh;
  };
}
