/**
 * Verifiable certificates (server/routes/certificates.ts, docs/certificates.md): a learner who reached
 * a certificate gets an Open Badges 3.0 credential that jose's own JWT verification accepts with the
 * published key, and a verification code anyone can check; revoked and unknown codes say so; nobody
 * gets a credential for another learner or for a certificate they have not reached.
 */
import { createLocalJWKSet, decodeProtectedHeader, importJWK, jwtVerify, type JSONWebKeySet } from 'jose';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_COOKIE } from '../../model/displayPreferences';
import { CertificateIssued, normalizeCode, VerifyAnswer } from '../../model/certificates';
import { Material } from '../../model/material';
import { GuestSessionId } from '../../model/tracking';
import { checkCharacter } from '../../server/certificates/code';
import { verifyCertificate } from '../../server/certificates/store';
import type { Queryable } from '../../server/db/types';
import { importFile } from '../../server/store/import';
import { useTestApp } from './app';
import { testDatabaseKinds, useTestDatabase } from './databases';
import { smallMaterial } from './fixtures';
import { addUser, event, login } from './learners';

const TOKEN = 'a-test-token-of-this-server-start';
const ORIGIN = 'https://lernwerk.school.example';

const certificateMaterial = (suffix: string) =>
  Material.parse({
    modelName: 'Material',
    id: `m-${suffix}`,
    publicId: `material-${suffix}`,
    title: `Wasser im Alltag ${suffix}`,
    content: [
      { modelName: 'Text', id: `m-${suffix}-t1`, content: { html: '<p>Text</p>' } },
      { modelName: 'Certificate', id: `m-${suffix}-cert`, title: 'Teilnahmebestätigung', validity: 'Gültig ohne Unterschrift.' },
    ],
  });

describe.each(testDatabaseKinds)('certificates on %s', (kind) => {
  const t = useTestDatabase(kind);
  const a = useTestApp(() => t.db, { adminToken: TOKEN, certificateIssuer: { name: 'Schule am See', origin: ORIGIN } });
  const share = { guest: '', other: '', private: '' };
  let cookie = '';

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => a.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const newGuest = async (shareId: string, name: string) => GuestSessionId.parse((await post('/api/guest', { name, publicId: shareId })).json().data.publicId);
  const reach = async (shareId: string, certificateId: string, guestSessionId: string | null, issueDate: string, headers: Record<string, string> = {}) => {
    const res = await post('/api/userdata', { events: [event({ shareId, id: certificateId, modelName: 'Certificate', guestSessionId }, { issueDate })] }, headers);
    expect(res.statusCode, res.body).toBe(200);
  };
  const issue = (shareId: string, certificateId: string, guestSessionId: string | null, headers: Record<string, string> = {}) =>
    post(`/api/shares/${shareId}/certificates`, { certificateId, guestSessionId }, headers);
  const jwks = async () => createLocalJWKSet((await a.app.inject({ method: 'GET', url: '/api/certificates/keys' })).json() as JSONWebKeySet);
  const verifyJson = async (code: string) => VerifyAnswer.parse((await a.app.inject({ method: 'GET', url: `/api/verify/${code}` })).json().data);

  let grace = { guest: '', issued: {} as CertificateIssued };

  beforeAll(async () => {
    share.guest = (await importFile(t.db, certificateMaterial('cg'), { share: 'guest' })).share.publicId;
    share.private = (await importFile(t.db, certificateMaterial('cp'), { share: 'private' })).share.publicId;
    share.other = (await importFile(t.db, smallMaterial('cother'), { share: 'guest' })).share.publicId;
    await addUser(t.db, 'ada@example.org', { firstname: 'Ada', lastname: 'Lovelace' });
    cookie = await login(a.app, 'ada@example.org');
    const guest = await newGuest(share.guest, 'Grace Hopper');
    await reach(share.guest, 'm-cg-cert', guest, '2026-11-20T09:15:30.250Z');
    const res = await issue(share.guest, 'm-cg-cert', guest);
    expect(res.statusCode, res.body).toBe(200);
    grace = { guest, issued: CertificateIssued.parse(res.json().data) };
  });

  it("issues an Open Badges 3.0 credential that jose's JWT verification accepts with the published key", async () => {
    const { issued } = grace;
    expect(issued.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(issued.verifyUrl).toBe(`${ORIGIN}/verify/${issued.code}`);
    const { payload, protectedHeader } = await jwtVerify(issued.credential, await jwks(), { issuer: `${ORIGIN}/api/certificates/issuer`, algorithms: ['RS256'] });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: expect.stringMatching(`^${ORIGIN}/api/certificates/keys/`) });
    expect(protectedHeader.jwk).not.toHaveProperty('d');
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: issued.verifyUrl,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: `${ORIGIN}/api/certificates/issuer`, type: ['Profile'], name: 'Schule am See', url: ORIGIN },
      validFrom: '2026-11-20T09:15:30Z',
      name: 'Teilnahmebestätigung',
      description: 'Gültig ohne Unterschrift.',
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListIndex: expect.stringMatching(/^\d+$/),
        statusListCredential: `${ORIGIN}/api/certificates/status/1`,
      },
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Grace Hopper' }],
        achievement: { type: ['Achievement'], name: 'Wasser im Alltag cg' },
      },
    });
    // The JWT claims mirror the credential (Open Badges 3.0 section 8.2.4.1).
    const subject = payload.credentialSubject as { id: string };
    expect(subject.id).toMatch(/^urn:uuid:/);
    expect(payload).toMatchObject({ iss: `${ORIGIN}/api/certificates/issuer`, jti: issued.verifyUrl, sub: subject.id, nbf: Date.parse('2026-11-20T09:15:30Z') / 1000 });
    // The key the header names by URL is the one it carries.
    const kid = String(protectedHeader.kid);
    const named = (await a.app.inject({ method: 'GET', url: kid.slice(ORIGIN.length) })).json();
    expect(named).toMatchObject({ ...protectedHeader.jwk, kid, alg: 'RS256', use: 'sig' });
    await expect(jwtVerify(issued.credential, await importJWK(named, 'RS256'))).resolves.toBeTruthy();
  });

  it('refuses the credential with one byte changed in its payload or its signature', async () => {
    const [header, payload, signature] = grace.issued.credential.split('.');
    const json = Buffer.from(payload, 'base64url').toString('utf8');
    const forged = Buffer.from(json.replace('Grace Hopper', 'Grace Hoppes'), 'utf8').toString('base64url');
    expect(forged).not.toBe(payload);
    await expect(jwtVerify(`${header}.${forged}.${signature}`, await jwks())).rejects.toThrow(/signature verification failed/);
    const flipped = Buffer.from(signature, 'base64url');
    flipped[10] ^= 0x01;
    await expect(jwtVerify(`${header}.${payload}.${flipped.toString('base64url')}`, await jwks())).rejects.toThrow(/signature verification failed/);
  });

  it('gives the same code and credential again to the same learner, and another to another learner', async () => {
    const again = await issue(share.guest, 'm-cg-cert', grace.guest);
    expect(again.statusCode).toBe(200);
    expect(CertificateIssued.parse(again.json().data)).toEqual(grace.issued);
    const other = await newGuest(share.guest, 'Alan Turing');
    await reach(share.guest, 'm-cg-cert', other, new Date().toISOString());
    const hers = CertificateIssued.parse((await issue(share.guest, 'm-cg-cert', other)).json().data);
    expect(hers.code).not.toBe(grace.issued.code);
    expect(hers.facts.learnerName).toBe('Alan Turing');
    const count = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM issued_certificates WHERE share_id = $1', [share.guest]);
    expect(count[0].n).toBe(2);
  });

  it('issues to the logged-in user of a private share by their account name, with an issue date not later than now', async () => {
    await reach(share.private, 'm-cp-cert', null, '2099-01-01T00:00:00.000Z', { cookie });
    const res = await issue(share.private, 'm-cp-cert', null, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { facts } = CertificateIssued.parse(res.json().data);
    expect(facts.learnerName).toBe('Ada Lovelace');
    expect(Date.parse(facts.issuedOn)).toBeLessThanOrEqual(Date.now());
  });

  it('answers the same 404 for another learner, an unreached certificate, a foreign share and a model that is no certificate', async () => {
    const notReached = await newGuest(share.guest, 'Not Reached');
    const otherShareGuest = await newGuest(share.other, 'Elsewhere');
    const attempts = [
      issue(share.guest, 'm-cg-cert', notReached),
      issue(share.guest, 'm-cg-cert', otherShareGuest),
      issue(share.other, 'm-cg-cert', otherShareGuest),
      issue(share.guest, 'm-cg-t1', grace.guest),
      issue(share.guest, 'm-cg-cert', 'A'.repeat(24)),
      issue(share.private, 'm-cp-cert', null),
      issue('no-such-share', 'm-cg-cert', grace.guest),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ errors: [{ path: '', message: 'No certificate of this learner here' }] });
    }
    const bad = await post(`/api/shares/${share.guest}/certificates`, { certificateId: 'x y', guestSessionId: grace.guest, extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(['certificateId', 'extra']);
  });

  it('answers valid with what was certified, as JSON and as a page in German and English, and hands out the credential', async () => {
    const { code } = grace.issued;
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`;
    expect(await verifyJson(encodeURIComponent(typed))).toEqual({ status: 'valid', code, facts: grace.issued.facts });
    const de = await a.app.inject({ method: 'GET', url: `/verify/${code}`, headers: { 'accept-language': 'de-CH,en;q=0.5' } });
    expect(de.headers['content-type']).toMatch(/^text\/html/);
    expect(de.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('Gültig: Dieses Zertifikat wurde so ausgestellt.');
    expect(de.body).toContain('Grace Hopper');
    expect(de.body).toContain('20. November 2026');
    const en = await a.app.inject({ method: 'GET', url: `/verify/${code}?lang=en` });
    expect(en.body).toContain('Valid: this certificate was issued as shown.');
    // With the learner's display preferences (the cookie the viewer keeps them in), within the page's own style hash.
    const larger = await a.app.inject({ method: 'GET', url: `/verify/${code}?lang=en`, cookies: { [DISPLAY_COOKIE]: '150.more.system.default' } });
    expect(larger.body).toContain('<html lang="en" data-text-size="150" data-contrast="more">');
    expect(larger.headers['content-security-policy']).toBe(en.headers['content-security-policy']);
    expect(larger.headers.vary).toMatch(/cookie/i);
    const file = await a.app.inject({ method: 'GET', url: `/api/verify/${code}/credential` });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="certificate-${code}.json"`);
    expect(file.json()).toEqual({ compactJwsString: [grace.issued.credential] });
  });

  it('says unknown for a code never issued, a code with a wrong check character and text of the wrong shape', async () => {
    const data = grace.issued.code.slice(0, 11);
    const wrongCheck = data + (checkCharacter(data) === '0' ? '1' : '0');
    const neverIssued = 'ABCDEFGHJKM' + checkCharacter('ABCDEFGHJKM');
    for (const code of [neverIssued, wrongCheck, 'short', '<script>', 'x'.repeat(60)]) {
      const answer = await verifyJson(encodeURIComponent(code));
      expect(answer.status, code).toBe('unknown');
      expect(Object.keys(answer).sort()).toEqual(['code', 'status']);
      expect((await a.app.inject({ method: 'GET', url: `/api/verify/${encodeURIComponent(code)}/credential` })).statusCode).toBe(404);
    }
    const page = await a.app.inject({ method: 'GET', url: `/verify/${encodeURIComponent('<b>x</b>')}?lang=en` });
    expect(page.body).toContain('Unknown: no certificate was issued here');
    expect(page.body).not.toContain('<b>x</b>');
  });

  it('does the same work for known and unknown codes: one lookup by primary key, the answer built from a row either way', async () => {
    const counted = (db: Queryable) => {
      const sql: string[] = [];
      return { sql, q: { ...db, query: (text: string, params?: unknown[]) => (sql.push(text), db.query(text, params)) } as Queryable };
    };
    const runs = await Promise.all([grace.issued.code, 'ABCDEFGHJKM' + checkCharacter('ABCDEFGHJKM'), 'ZZZZZZZZZZZ0', null].map(async (code) => {
      const { sql, q } = counted(t.db);
      const { answer } = await verifyCertificate(q, code === null ? null : normalizeCode(code));
      return { status: answer.status, sql };
    }));
    expect(runs.map((r) => r.status)).toEqual(['valid', 'unknown', 'unknown', 'unknown']);
    for (const run of runs) expect(run.sql).toEqual(runs[0].sql);
    expect(runs[0].sql).toHaveLength(1);
  });

  it('takes comparable time for known and unknown codes (medians of interleaved calls within a factor of 2)', async () => {
    const unknown = 'ABCDEFGHJKM' + checkCharacter('ABCDEFGHJKM');
    const times = { known: [] as number[], unknown: [] as number[] };
    const time = async (which: 'known' | 'unknown', code: string) => {
      const started = performance.now();
      await a.app.inject({ method: 'GET', url: `/api/verify/${code}` });
      times[which].push(performance.now() - started);
    };
    for (let i = 0; i < 150; i++) {
      if (i % 2) {
        await time('known', grace.issued.code);
        await time('unknown', unknown);
      } else {
        await time('unknown', unknown);
        await time('known', grace.issued.code);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const ratio = median(times.known) / median(times.unknown);
    console.log(`verify median known/unknown on ${kind}: ${ratio.toFixed(3)} (${median(times.known).toFixed(3)} / ${median(times.unknown).toFixed(3)} ms)`);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('shows a revocation at once: revoked with its reason and date, in JSON and on the page', async () => {
    const other = await newGuest(share.guest, 'To Be Revoked');
    await reach(share.guest, 'm-cg-cert', other, new Date().toISOString());
    const { code, credential: revokedCredential } = CertificateIssued.parse((await issue(share.guest, 'm-cg-cert', other)).json().data);
    expect((await verifyJson(code)).status).toBe('valid');
    const refused = await post(`/api/admin/certificates/${code}/revoke`, { reason: 'x' });
    expect(refused.statusCode).toBe(401);
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await post(`/api/admin/certificates/${code}/revoke`, { reason: '  ' }, auth)).json().errors[0].path).toBe('reason');
    expect((await post(`/api/admin/certificates/ABCDEFGHJKMN/revoke`, { reason: 'x' }, auth)).statusCode).toBe(404);
    const revoked = await post(`/api/admin/certificates/${code.toLowerCase()}/revoke`, { reason: 'Issued by mistake' }, auth);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).not.toHaveProperty('jws');
    const answer = await verifyJson(code);
    expect(answer).toMatchObject({ status: 'revoked', reason: 'Issued by mistake', revokedAt: expect.any(String) });
    const page = await a.app.inject({ method: 'GET', url: `/verify/${code}?lang=de` });
    expect(page.body).toContain('Widerrufen: Dieses Zertifikat gilt nicht mehr.');
    expect(page.body).toContain('Issued by mistake');
    // The published status list (Bitstring Status List v1.0), verified with the published keys, has its bit set.
    const statusIndex = async (credential: string) => Number(((await jwtVerify(credential, await jwks())).payload.credentialStatus as { statusListIndex: string }).statusListIndex);
    const listed = await a.app.inject({ method: 'GET', url: '/api/certificates/status/1' });
    expect(listed.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    const { payload: statusList } = await jwtVerify(listed.body, await jwks(), { algorithms: ['RS256'] });
    expect(statusList).toMatchObject({
      id: `${ORIGIN}/api/certificates/status/1`,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation' },
    });
    const encoded = (statusList.credentialSubject as { encodedList: string }).encodedList;
    expect(encoded[0]).toBe('u');
    const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'));
    expect(bits.length).toBe(131_072 / 8);
    const bit = (index: number) => (bits[index >> 3] >> (7 - (index & 7))) & 1;
    expect(bit(await statusIndex(revokedCredential))).toBe(1);
    expect(bit(await statusIndex(grace.issued.credential))).toBe(0);

    const list = await a.app.inject({ method: 'GET', url: '/api/admin/certificates', headers: auth });
    const all = list.json().data as { code: string; revoked: unknown }[];
    expect(all.find((c) => c.code === code)?.revoked).toMatchObject({ reason: 'Issued by mistake' });
    expect(all.find((c) => c.code === grace.issued.code)?.revoked).toBeNull();
  });

  it('publishes the issuer profile the credentials name', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/certificates/issuer' });
    expect(res.json()).toMatchObject({ id: `${ORIGIN}/api/certificates/issuer`, type: ['Profile'], name: 'Schule am See', url: ORIGIN });
    const header = decodeProtectedHeader(grace.issued.credential);
    expect(header.alg).toBe('RS256');
  });
});
