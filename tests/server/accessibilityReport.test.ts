import { beforeAll, describe, expect, it } from 'vitest';
import { A11yReportAnswer } from '../../model/accessibility/answer';
import { Material } from '../../model/material';
import { importFile } from '../../server/store/import';
import { putSettings } from '../../server/store/settings';
import { setRoles } from '../../server/store/users';
import { a11yCleanInput, a11yProblemsInput, PALE_THEME } from '../model/accessibilityFixtures';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { addUser, login } from './learners';
import { smallCollection } from './fixtures';

/*
 * The accessibility report's routes: `GET /api/admin/shares/:id/accessibility-report` (the admin
 * token, as `npm run a11y-report` calls it) and `GET /api/shares/:id/accessibility-report` (an
 * account holding the role admin; anyone else gets the answer of an unknown share).
 */

const ADMIN_TOKEN = 'a-test-token-of-this-server-start';
// One kind of database: the report reads what the store's loaders give on both (tests/server/store.test.ts).
const kind = testDatabaseKinds[testDatabaseKinds.length - 1];

describe(`the accessibility report's routes on ${kind}`, () => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { adminToken: ADMIN_TOKEN });
  const share = {} as Record<'problems' | 'clean' | 'collection', string>;
  const cookie = {} as Record<'admin' | 'learner', string>;
  const get = (url: string, headers: Record<string, string> = {}) => a.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    share.problems = (await importFile(t.db, Material.parse(a11yProblemsInput), { share: 'private', actor: 'test' })).share.publicId;
    share.clean = (await importFile(t.db, Material.parse(a11yCleanInput), { share: 'public', actor: 'test' })).share.publicId;
    const collection = smallCollection('a11y', [Material.parse({ ...a11yCleanInput, id: 'c-sauber', publicId: 'c-sauber', content: [] })]);
    share.collection = (await importFile(t.db, collection, { share: 'public', actor: 'test' })).share.publicId;
    await putSettings(t.db, { themeColorOverrides: PALE_THEME });
    await addUser(t.db, 'root@example.org');
    await addUser(t.db, 'learner@example.org');
    await setRoles(t.db, 'root@example.org', ['admin']);
    cookie.admin = await login(a.app, 'root@example.org');
    cookie.learner = await login(a.app, 'learner@example.org');
  });

  it('answers the report of a share to the admin token, in German or English, with each finding where it is', async () => {
    const res = await get(`/api/admin/shares/${share.problems}/accessibility-report`, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = A11yReportAnswer.parse(res.json().data);
    expect(answer).toMatchObject({ language: 'de', passes: false, materials: 1, root: { modelName: 'Material', id: 'a11y-probleme', title: 'Wasser' } });
    // The stored material is sanitised: each problem survives the import (and the theme is the stored settings').
    expect(answer.findings.map((f) => f.problem)).toEqual([
      'themeContrast', 'languageInvalid', 'imageAltMissing', 'imageAltPlaceholder', 'headingSkipsLevel', 'linkNameVague', 'linkNameUrl', 'linkNameEmpty', 'videoWithoutCaptions', 'embedWithoutTitle', 'colourOnly',
    ]);
    expect(answer.findings[2]).toMatchObject({ elementId: 'a11y-probleme-bild-regen', kind: 'Image', chapters: ['Kapitel A'], text: { problem: 'Das Bild a11y/regen.jpg hat keinen Alternativtext.' } });
    const en = A11yReportAnswer.parse((await get(`/api/admin/shares/${share.problems}/accessibility-report?lang=en`, { authorization: `Bearer ${ADMIN_TOKEN}` })).json().data);
    expect(en.findings[2].text.problem).toBe('The image a11y/regen.jpg has no alternative text.');
    const bad = await get(`/api/admin/shares/${share.problems}/accessibility-report?lang=fr`, { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect([bad.statusCode, bad.json().errors[0].path]).toEqual([400, 'lang']);
  });

  it("checks each material of a collection's share, and the theme once", async () => {
    const answer = A11yReportAnswer.parse((await get(`/api/shares/${share.collection}/accessibility-report`, { cookie: cookie.admin })).json().data);
    expect(answer).toMatchObject({ passes: false, materials: 1, root: { modelName: 'Collection', id: 'c-a11y' } });
    expect(answer.findings.map((f) => f.problem)).toEqual(['themeContrast']);
  });

  it('answers an account holding the role admin; anyone else gets the answer of an unknown share', async () => {
    const admin = await get(`/api/shares/${share.clean}/accessibility-report`, { cookie: cookie.admin });
    expect(admin.statusCode).toBe(200);
    expect(A11yReportAnswer.parse(admin.json().data).findings.map((f) => f.problem)).toEqual(['themeContrast']);
    const unknown = await get(`/api/shares/${'x'.repeat(24)}/accessibility-report`, { cookie: cookie.admin });
    expect(unknown.statusCode).toBe(404);
    for (const headers of [{ cookie: cookie.learner }, {}, { cookie: `lernwerk_session=${'F'.repeat(43)}` }] as Record<string, string>[]) {
      for (const id of [share.problems, share.clean, 'x'.repeat(24)]) {
        const res = await get(`/api/shares/${id}/accessibility-report`, headers);
        expect([res.statusCode, res.body]).toEqual([404, unknown.body]);
      }
    }
    // The admin routes take the token only, not a login; an unknown share there is a 404 too.
    expect((await get(`/api/admin/shares/${share.clean}/accessibility-report`, { cookie: cookie.admin })).statusCode).toBe(401);
    expect((await get(`/api/admin/shares/${'x'.repeat(24)}/accessibility-report`, { authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(404);
  });
});
