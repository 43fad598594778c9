import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { RETAINED_SEARCH, validateViewerSearch, ViewerSearch } from '../../routes/search';

/** The zod schema the hand-written reader replaced: both must answer alike. */
const Flag = z.catch(
  z.pipe(
    z.optional(z.union([z.boolean(), z.string(), z.number()])),
    z.transform((v: boolean | string | number | undefined) => (v === undefined ? undefined : !(v === false || v === 'false' || v === 0 || v === '0'))),
  ),
  undefined,
);
const Text = z.catch(z.optional(z.string()), undefined);
const Schema = z.object({
  lang: z.catch(z.optional(z.enum(['de', 'en'])), undefined),
  hideHeader: Flag,
  hideFooter: Flag,
  guestSessionId: Text,
  scrollTo: Text,
  // A text, or the words a full-text search matched.
  highlight: z.catch(z.optional(z.union([z.string(), z.array(z.string())])), undefined),
});

const values: unknown[] = [undefined, null, true, false, 0, 1, '0', '1', '', 'true', 'false', 'de', 'en', 'fr', 'x', [], ['a'], {}, { a: 1 }, 2.5];
const keys = ['lang', 'hideHeader', 'hideFooter', 'guestSessionId', 'scrollTo', 'highlight', 'other'];

describe('viewer search params', () => {
  it('answer as the zod schema did, for every param and value, keys given or not', () => {
    expect(validateViewerSearch({})).toEqual({});
    for (const key of keys) {
      for (const value of values) {
        const search = { [key]: value };
        const expected = Schema.parse(search);
        const actual = validateViewerSearch(search);
        expect(actual, `${key}=${JSON.stringify(value)}`).toStrictEqual(expected);
        expect(Object.keys(actual), `${key}=${JSON.stringify(value)}`).toEqual(Object.keys(expected));
      }
    }
    const all = { lang: 'en', hideHeader: '', hideFooter: 'false', guestSessionId: 'g', scrollTo: 's', highlight: 'h', page: 2 };
    expect(validateViewerSearch(all)).toStrictEqual(Schema.parse(all));
  });

  it('takes highlight as a text or as the words a search matched (a list of texts), nothing else', () => {
    expect(validateViewerSearch({ highlight: ['wasserwerk', 'wasserwerke'] })).toStrictEqual({ highlight: ['wasserwerk', 'wasserwerke'] });
    expect(validateViewerSearch({ highlight: 'Wasser werk' })).toStrictEqual({ highlight: 'Wasser werk' });
    for (const bad of [['a', 1], [{}], 7, {}]) expect(validateViewerSearch({ highlight: bad })).toStrictEqual({ highlight: undefined });
  });

  it('the root route validates with it; the retained params are among it', () => {
    expect(ViewerSearch).toBe(validateViewerSearch);
    for (const key of RETAINED_SEARCH) expect(keys).toContain(key);
  });
});
