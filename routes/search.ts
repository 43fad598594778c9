import { z } from 'zod';

/** A flag given as `?hideHeader`, `?hideHeader=1` or `?hideHeader=true` is on; `=false`/`=0` is off. */
const Flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? undefined : !(v === false || v === 'false' || v === 0 || v === '0')))
  .catch(undefined);

/** Search params every viewer route understands (spec section 2). */
export const ViewerSearch = z.object({
  lang: z.enum(['de', 'en']).optional().catch(undefined),
  hideHeader: Flag,
  hideFooter: Flag,
  guestSessionId: z.string().optional().catch(undefined),
  scrollTo: z.string().optional().catch(undefined),
  highlight: z.string().optional().catch(undefined),
});
export type ViewerSearch = z.infer<typeof ViewerSearch>;

/** Params kept on every navigation inside the viewer. */
export const RETAINED_SEARCH = ['lang', 'hideHeader', 'hideFooter', 'guestSessionId'] as const;
