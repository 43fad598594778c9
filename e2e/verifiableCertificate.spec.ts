import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { pdfPageTexts } from '../tests/certificate/pdfText';
import { checkA11y, describeViolations, withImpact } from './support/a11y';
import { suiteDataDir } from './support/e2ePort';
import { saveGuestProgress } from './support/guest';
import { importShare } from './support/importShare';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/transitions';

/*
 * Issue 29: a guest who saved their progress downloads the certificate; the PDF carries a verification
 * code and the verify address; that page says valid, with what was certified, and the credential it
 * hands out verifies with jose against the keys the server publishes.
 */

const materialFor = (key: string) => ({
  modelName: 'Material',
  id: `pruefbar-${key}`,
  publicId: `pruefbar-${key}`,
  title: 'Erste Hilfe am Wasser',
  evaluationType: 'composite',
  metadata: {},
  content: [
    { modelName: 'Text', id: `pruefbar-text-${key}`, content: { html: '<p>Ruhe bewahren, Hilfe holen.</p>' } },
    { modelName: 'Certificate', id: `pruefbar-cert-${key}`, title: 'Kursbestätigung', validity: 'Zwei Jahre gültig.' },
  ],
});

test('a saved guest downloads a certificate whose code the verify page confirms and whose credential verifies', async ({ page, request }, testInfo) => {
  const key = `${testInfo.repeatEachIndex}-${testInfo.retry}-${Date.now().toString(36)}`;
  const material = materialFor(key);
  const certificateId = material.content[1].id;
  const errors = collectPageErrors(page);
  const share = await importShare(material, suiteDataDir(), 'guest');
  await page.goto(`/s/${share}/`);
  await saveGuestProgress(page, { firstName: 'Grace', lastName: 'Hopper' });

  const element = page.locator(`[id="${certificateId}"]`);
  await element.scrollIntoViewIfNeeded();
  await expect(element.locator('[data-issue-date]')).toBeVisible();
  const saved = page.waitForEvent('download');
  await element.getByRole('button', { name: 'Zertifikat herunterladen' }).click();
  const lines = (await pdfPageTexts(new Uint8Array(await readFile(await (await saved).path())))).flat();
  expect(lines).toContain('Grace Hopper');
  const code = lines.map((line) => /^Prüfcode: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})$/.exec(line)?.[1]).find(Boolean);
  expect(code, lines.join('\n')).toBeTruthy();
  const verifyUrl = lines.map((line) => /^Echtheit prüfen: (\S+)$/.exec(line)?.[1]).find(Boolean)!;
  expect(verifyUrl).toMatch(new RegExp(`/verify/${code!.replaceAll('-', '')}$`));

  // The browser asks for English (Accept-Language en-US); the link switches to German.
  await page.goto(verifyUrl);
  await expect(page.getByRole('heading', { name: 'Check a certificate' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Valid: this certificate was issued as shown.');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { name: 'Zertifikat prüfen' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Gültig: Dieses Zertifikat wurde so ausgestellt.');
  await expect(page.locator('dd').filter({ hasText: 'Grace Hopper' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: 'Erste Hilfe am Wasser' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: 'Zwei Jahre gültig.' })).toBeVisible();
  const violations = await checkA11y(page, testInfo, 'verify-page');
  expect(withImpact(violations, 'critical', 'serious'), describeViolations(violations)).toEqual([]);

  const file = await request.get(`/api/verify/${code}/credential`);
  const { compactJwsString } = (await file.json()) as { compactJwsString: string[] };
  const keys = (await (await request.get('/api/certificates/keys')).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(compactJwsString[0], createLocalJWKSet(keys), { algorithms: ['RS256'] });
  expect(payload).toMatchObject({ id: verifyUrl, type: ['VerifiableCredential', 'OpenBadgeCredential'], credentialSubject: { identifier: [{ identityHash: 'Grace Hopper' }] } });
  expect(errors).toEqual([]);
});
