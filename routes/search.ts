import * as z from 'zod/mini';

/** A flag given as `?hideHeader`, `?hideHeader=1` or `?hideHeader=true` is on; `=false`/`=0` is off. */
const Flag = z.catch(
  z.pipe(
    z.optional(z.union([z.boolean(), z.string(), z.number()])),
    z.transform((v: boolean | string | number | undefined) => (v === undefined ? undefined : !(v === false || v === 'false' || v === 0 || v === '0'))),
  ),
  undefined,
);

/** An optional text param; anything else is dropped. */
const Text = z.catch(z.optional(z.string()), undefined);

/** Search params every viewer route understands (spec section 2). zod/mini: the first route parses them (src/model/common.ts). */
export const ViewerSearch = z.object({
  lang: z.catch(z.optional(z.enum(['de', 'en'])), undefined),
  hideHeader: Flag,
  hideFooter: Flag,
  guestSessionId: Text,
  scrollTo: Text,
  highlight: Text,
});
export type ViewerSearch = z.infer<typeof ViewerSearch>;

/** Params kept on every navigation inside the viewer. */
export const RETAINED_SEARCH = ['lang', 'hideHeader', 'hideFooter', 'guestSessionId'] as const;
