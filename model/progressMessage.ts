/**
 * The message a framing page receives on every progress change (spec section 4, Tracking: "progress is
 * also posted to the host page"): `{ type: 'lernwerk:progress', value }`, 0 to 1. Apart from the rest of
 * the host-page contract (./hostMessages.ts), which only an LMS's frame needs: the first route posts this.
 */

/** The product's prefix of the messages it has always posted to a host page. */
export const PRODUCT = 'lernwerk';

/** The message a framing page receives on every progress change (spec section 4, Tracking). */
export const PROGRESS_MESSAGE_TYPE = `${PRODUCT}:progress` as const;
