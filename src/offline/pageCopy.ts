import { withChange, type LearnerState } from '../../model/learnerState';
import { jsonInScript } from '../../model/jsonInScript';
import type { UserdataEvent } from '../../model/tracking';

/*
 * The service worker's copy of a share page (./sw.ts keeps one per share and visitor): the page html
 * as the server rendered it (server/pages/render.ts), its page data in `<script id="page-data">`.
 * Pure functions on that html, for the worker and its tests.
 */

/** The attribute on the page-data script of a kept copy: the time it was kept (ms). A page that carries it came from the worker's cache. */
export const OFFLINE_COPY_ATTRIBUTE = 'data-offline-copy';

/** The page-data script as server/pages/render.ts writes it: opening tag, JSON, closing tag. */
const PAGE_DATA_SCRIPT = /(<script type="application\/json" id="page-data"[^>]*>)([^<]*)(<\/script>)/;

/** The page html as the worker keeps it: the page-data script marked with the time `at`. */
export function markOfflineCopy(html: string, at: number): string {
  return html.replace(PAGE_DATA_SCRIPT, (_script, open: string, json: string, close: string) => `${open.slice(0, -1)} ${OFFLINE_COPY_ATTRIBUTE}="${at}">${json}${close}`);
}

/** What the worker reads of a kept page's data (model/pageData.ts). */
type KeptPageData = {
  share?: { publicId: string } | null;
  user?: unknown;
  guestSession?: { publicId: string } | null;
  learnerState?: LearnerState | null;
};

/** Whether an event is about the visitor a page was rendered for: its share, and its guest session or its (logged-in) user. */
function isVisitorsEvent(data: KeptPageData, event: UserdataEvent): boolean {
  if (event.metadata.shareId !== data.share?.publicId) return false;
  const guest = event.metadata.guestSessionId;
  return guest ? guest === data.guestSession?.publicId : Boolean(data.user) && !data.guestSession;
}

/**
 * The kept page with the changes the server has acknowledged (`events`, in the order they were stored)
 * applied to its learner state, as the server would render the page now (the latest value of a field
 * wins: server/store/userdata.ts learnerStateOf). Applying a change twice gives the same page. Null when
 * none of them is the page's visitor's, or the page keeps no learner state (anonymous visitors: their
 * work is kept in the browser, src/viewer/localLearnerState.ts).
 */
export function withAcknowledged(html: string, events: readonly UserdataEvent[]): string | null {
  const script = PAGE_DATA_SCRIPT.exec(html);
  if (!script) return null;
  let data: KeptPageData;
  try {
    data = JSON.parse(script[2]) as KeptPageData;
  } catch {
    return null;
  }
  const mine = events.filter((event) => isVisitorsEvent(data, event));
  if (!data.learnerState || !mine.length) return null;
  let state = data.learnerState;
  for (const event of mine) {
    for (const [field, value] of Object.entries(event.data)) state = withChange(state, { id: event.metadata.id, field, value });
  }
  const json = jsonInScript({ ...data, learnerState: state });
  return html.slice(0, script.index) + script[1] + json + script[3] + html.slice(script.index + script[0].length);
}
