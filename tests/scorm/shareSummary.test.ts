import { describe, expect, it } from 'vitest';
import { featureFlagsFromEnv } from '../../server/config';
import { errorPageData, loginPageData, sharePageData, type PageContext } from '../../server/pages/pageData';
import { FALLBACK_TEMPLATE, renderPage } from '../../server/pages/render';
import { originOf, originWarnings } from '../../server/scorm/origin';
import { packagingNote, packagingProblem, summaryFromSharePage, type ShareSummary } from '../../server/scorm/shareSummary';
import { shareFlagsForKind, type Share } from '../../server/store/shares';
import type { ShareKind } from '../../model/pageData';
import { Settings } from '../../model/settings';

const ID = 'AbCdEfGhIjKlMnOpQrStUvWx';
const ctx: PageContext = { sharePublicId: ID, lang: 'de', settings: Settings.parse({}), featureFlags: featureFlagsFromEnv({}) };

function share(kind: ShareKind, rootModelName: 'Material' | 'Collection' = 'Material'): Share {
  const { preview, ...settings } = shareFlagsForKind(kind);
  return {
    publicId: ID, kind, rootModelName, rootId: 'm1', rootPublicId: 'material-1', rootTitle: 'Zellen <& "Gewebe">', settings, preview, createdAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('the share as a running server shows it (the export beside a server on PGlite)', () => {
  it.each(['public', 'guest', 'scorm', 'private', 'preview'] as const)('a %s share: kind, root and title from the page data and <title>', (kind) => {
    const s = share(kind);
    const html = renderPage(FALLBACK_TEMPLATE, kind === 'private' ? loginPageData(s, ctx) : sharePageData(s, ctx), s.rootTitle);
    expect(summaryFromSharePage(html)).toEqual({ publicId: ID, kind, rootModelName: 'Material', title: 'Zellen <& "Gewebe">' });
  });

  it('the error page of an unknown share names none', () => {
    expect(summaryFromSharePage(renderPage(FALLBACK_TEMPLATE, errorPageData(404, ctx), 'Lernwerk'))).toBeNull();
    expect(summaryFromSharePage('<html><title>x</title></html>')).toBeNull();
  });
});

describe('which shares can be packaged', () => {
  const summary = (kind: ShareKind, root: 'Material' | 'Collection' = 'Material'): ShareSummary => ({ publicId: ID, kind, rootModelName: root, title: 't' });

  it('scorm, public and guest shares of a material; scorm without a note, the others with one', () => {
    expect(packagingProblem(summary('scorm'))).toBeNull();
    expect(packagingNote(summary('scorm'))).toBeNull();
    expect(packagingProblem(summary('public'))).toBeNull();
    expect(packagingNote(summary('public'))).toContain('is a public share, not a scorm share');
    expect(packagingProblem(summary('guest'))).toBeNull();
    expect(packagingNote(summary('guest'))).toContain('asked for their name');
  });

  it('not private or preview shares, not collections, each saying why and what to do', () => {
    expect(packagingProblem(summary('private'))).toContain('is private: its learners log in to this server');
    expect(packagingProblem(summary('preview'))).toContain('records nothing');
    expect(packagingProblem(summary('scorm', 'Collection'))).toContain('shows a collection');
  });
});

describe('the origin written into a package', () => {
  it('an http(s) origin, a trailing slash dropped; nothing with a path, query or credentials', () => {
    expect(originOf('https://lernwerk.school.example/')).toBe('https://lernwerk.school.example');
    expect(originOf('http://10.0.0.5:3000')).toBe('http://10.0.0.5:3000');
    for (const bad of ['lernwerk.school.example', 'ftp://x.example', 'https://x.example/app', 'https://x.example/?a=1', 'https://u:p@x.example']) {
      expect(originOf(bad)).toBeNull();
    }
  });

  it('warns about an origin learners cannot reach, and about http', () => {
    expect(originWarnings('http://localhost:3000')[0]).toContain('only this machine reaches');
    expect(originWarnings('http://lernwerk.school.example')[0]).toContain('not https');
    expect(originWarnings('https://lernwerk.school.example')).toEqual([]);
  });
});
