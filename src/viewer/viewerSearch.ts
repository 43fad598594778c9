import type { Highlight } from '../../model/highlight';

/** Search params every viewer route understands. */
export type ViewerSearch = {
  lang?: 'de' | 'en';
  /** `?hideHeader`, `?hideHeader=1` or `?hideHeader=true` is on; `=false`/`=0` is off. */
  hideHeader?: boolean;
  hideFooter?: boolean;
  guestSessionId?: string;
  scrollTo?: string;
  /** A text to mark wherever it occurs, or the words a full-text search matched (model/highlight.ts). */
  highlight?: Highlight;
  /** The full-text search panel is open (spec section 2: `search=true`). */
  search?: boolean;
  /** The full-text search's query while the panel is open. */
  q?: string;
};
