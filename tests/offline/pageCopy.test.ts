import { describe, expect, it } from 'vitest';
import { FALLBACK_TEMPLATE, renderPage } from '../../server/pages/render';
import type { PageData } from '../../model/pageData';
import type { UserdataEvent } from '../../model/tracking';
import { OFFLINE_COPY_ATTRIBUTE, markOfflineCopy, withAcknowledged } from '../../src/offline/pageCopy';

/*
 * The worker's copy of a share page, on html as the server renders it (server/pages/render.ts), so a
 * change of that html breaks these tests rather than the offline reload.
 */

const GUEST = 'Gs7pQ2vXk9LmN4rT8wYz1A';
const OTHER_GUEST = 'Ht8qR3wYl0MnO5sU9xZa2B';

function pageData(over: Partial<PageData> = {}): PageData {
  return {
    entryPoint: 'material',
    baseUrl: '/s/share-a',
    lang: 'de',
    share: { publicId: 'share-a', rootModelName: 'Material', rootId: 'm1', rootPublicId: 'm1' },
    shareSettings: { private: false, saveGuestSessions: true, scorm: false },
    preview: false,
    user: null,
    guestSession: { publicId: GUEST, name: 'Nora Netzlos' },
    settings: { themeColorOverrides: {} },
    featureFlags: { FULLTEXT_SEARCH: false, ANNOTATION_COMMENTS: false, USE_GRAVATAR: false, PRIVATE_MODE: false, GENERATIVE_FEEDBACK: false, ERROR_REPORTING: false },
    api: { base: '/api', assets: '/api/assets' },
    userdata: { metadata: { shareId: 'share-a' } },
    learnerState: { q1: { selected: ['a'], evaluated: true } },
    ...over,
  } as unknown as PageData;
}

const page = (data: PageData) => renderPage(FALLBACK_TEMPLATE, data, 'Kurs <1>');

/** The page data of a (kept) page, read as the client reads it: the script's text is JSON. */
function keptData(html: string): PageData {
  const json = /<script type="application\/json" id="page-data"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error('no page-data script, or one with < inside');
  return JSON.parse(json) as PageData;
}

let counter = 0;
function event(id: string, data: Record<string, unknown>, over: { shareId?: string; guestSessionId?: string | null } = {}): UserdataEvent {
  counter += 1;
  return {
    id: `event-${String(counter).padStart(12, '0')}`,
    at: 1000 + counter,
    metadata: { modelName: 'FreeTextInput', id, shareId: over.shareId ?? 'share-a', guestSessionId: over.guestSessionId === undefined ? GUEST : over.guestSessionId },
    data,
  } as UserdataEvent;
}

describe('the kept copy of a share page', () => {
  it('is marked with the time it was kept; the page data and the rest of the page stay as they were', () => {
    const html = page(pageData());
    const kept = markOfflineCopy(html, 1_700_000_000_000);
    expect(kept).toContain(`<script type="application/json" id="page-data" ${OFFLINE_COPY_ATTRIBUTE}="1700000000000">`);
    expect(keptData(kept)).toEqual(keptData(html));
    expect(kept.replace(` ${OFFLINE_COPY_ATTRIBUTE}="1700000000000"`, '')).toBe(html);
  });

  it("gets the changes the server acknowledged for its visitor applied to its learner state, in order; the latest value of a field wins", () => {
    const kept = markOfflineCopy(page(pageData()), 5);
    const patched = withAcknowledged(kept, [
      event('f1', { value: 'erst' }),
      event('q1', { evaluated: false }),
      event('f1', { value: 'Offline geschrieben: </script><b>' }),
      event('q1', { selected: ['b'] }),
    ]);
    expect(patched).not.toBeNull();
    // keptData finds no < inside the script: the answer cannot close it.
    expect(keptData(patched!).learnerState).toEqual({ q1: { selected: ['b'], evaluated: false }, f1: { value: 'Offline geschrieben: </script><b>' } });
    // Still the marked copy, everything else unchanged.
    expect(patched).toContain(`${OFFLINE_COPY_ATTRIBUTE}="5"`);
    expect(patched!.replace(/id="page-data"[^>]*>[^<]*<\/script>/, '')).toBe(kept.replace(/id="page-data"[^>]*>[^<]*<\/script>/, ''));
    // Applying the same changes again changes nothing.
    expect(withAcknowledged(patched!, [event('f1', { value: 'Offline geschrieben: </script><b>' }), event('q1', { selected: ['b'] })])).toBe(patched);
  });

  it("leaves pages of other visitors and shares alone, and anonymous pages (their work is kept in the browser)", () => {
    const guestPage = page(pageData());
    expect(withAcknowledged(guestPage, [event('f1', { value: 'x' }, { guestSessionId: OTHER_GUEST })])).toBeNull();
    expect(withAcknowledged(guestPage, [event('f1', { value: 'x' }, { shareId: 'share-b' })])).toBeNull();
    // A user's events carry no guest session: they are not a guest's, and a guest's are not the user's.
    expect(withAcknowledged(guestPage, [event('f1', { value: 'x' }, { guestSessionId: null })])).toBeNull();
    const userPage = page(pageData({ guestSession: null, user: { id: 'u1', email: 'ada@example.org', firstname: 'Ada', lastname: 'Lovelace', name: 'Ada Lovelace', roles: [], favoriteMaterialIds: [] } }));
    expect(withAcknowledged(userPage, [event('f1', { value: 'x' })])).toBeNull();
    expect(keptData(withAcknowledged(userPage, [event('f1', { value: 'x' }, { guestSessionId: null })])!).learnerState?.f1).toEqual({ value: 'x' });
    const anonymous = page(pageData({ guestSession: null, learnerState: null }));
    expect(withAcknowledged(anonymous, [event('f1', { value: 'x' }, { guestSessionId: null })])).toBeNull();
    // Of a mixed batch only the visitor's own are applied.
    const mixed = withAcknowledged(guestPage, [event('f1', { value: 'mine' }), event('f2', { value: 'theirs' }, { guestSessionId: OTHER_GUEST })]);
    expect(keptData(mixed!).learnerState).toEqual({ q1: { selected: ['a'], evaluated: true }, f1: { value: 'mine' } });
  });

  it('is left alone when it has no readable page data', () => {
    expect(withAcknowledged('<html><body>offline</body></html>', [event('f1', { value: 'x' })])).toBeNull();
    expect(withAcknowledged('<script type="application/json" id="page-data">{broken</script>', [event('f1', { value: 'x' })])).toBeNull();
    expect(markOfflineCopy('<html></html>', 1)).toBe('<html></html>');
  });
});
