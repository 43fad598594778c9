/*
 * What leaves for the error-reporting service carries no key to a learner's work: share ids (which
 * open a share), guest session ids and login tokens are long random runs of the base64url alphabet,
 * and addresses may carry them in their query (`?guestSessionId=`).
 */

const LONG_RUN = /[A-Za-z0-9_-]{20,}/g;
const SHARE_PATH = /\/s\/[^/\s?#"'`)]+/g;
const QUERY = /(\/[^\s?#"'`)]*)[?#][^\s"'`)]*/g;

/** A run that looks made by a machine: a digit, `_` or `-` in it, or a capital after its first letter. */
const looksRandom = (run: string) => /[\d_-]/.test(run) || /[A-Z]/.test(run.slice(1));

/** `text` with share paths as `/s/:share`, addresses without query or fragment, and every id-like run as `:id`. */
export function scrub(text: string): string {
  return text
    .replace(SHARE_PATH, '/s/:share')
    .replace(QUERY, '$1')
    .replace(LONG_RUN, (run) => (looksRandom(run) ? ':id' : run));
}
