import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScormVersion } from '../../model/hostMessages';
import { launchScripts, type LaunchScripts } from '../../server/scorm/launchScript';
import { CONFIG_ELEMENT_ID } from '../../server/scorm/launcher/launcher';
import { SCHEMA_FILES, TITLE_MAX_LENGTH, manifest12, manifest2004, manifestIdentifier, manifestTitle } from '../../server/scorm/manifest';
import { MANIFEST_FILE, SCHEMAS_DIR, buildScormPackage, scormPackageFiles } from '../../server/scorm/package';
import { fakeScorm12, fakeScorm2004 } from './fakeLms';
import { problemsOf, validateManifestIn } from './validateManifest';

const SHARE = 'AbCdEfGhIjKlMnOpQrSt-_x9';
const ORIGIN = 'https://lernwerk.school.example';
const dir = mkdtempSync(path.join(tmpdir(), 'scorm-package-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let scripts: LaunchScripts;
beforeAll(async () => {
  scripts = await launchScripts();
}, 60_000);

const parseXml = (text: string) => new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
const input = { identifier: manifestIdentifier(SHARE), title: 'Zellen <& "Gewebe">', launch: 'launch.html', files: ['launch.html', 'launch.js', 'xstate.js', 'launch.css'] };

/** The package unzipped into a directory of its own. */
function unpack(version: ScormVersion, zip: Uint8Array): { files: Record<string, Uint8Array>; at: string } {
  const files = unzipSync(zip);
  const at = path.join(dir, `unzipped-${version}-${Object.keys(files).length}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(at);
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(at, name), data);
  return { files, at };
}

describe('imsmanifest.xml of both versions', () => {
  it('SCORM 1.2: IMS CP 1.1.2 with ADL 1.2, metadata ADL SCORM 1.2, one SCO launching launch.html', () => {
    const doc = parseXml(manifest12(input));
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe('http://www.imsproject.org/xsd/imscp_rootv1p1p2');
    expect(root.getAttribute('identifier')).toBe(`lernwerk-${SHARE}`);
    expect(root.getAttribute('xsi:schemaLocation')).toBe(
      'http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd',
    );
    expect(doc.getElementsByTagName('schema')[0].textContent).toBe('ADL SCORM');
    expect(doc.getElementsByTagName('schemaversion')[0].textContent).toBe('1.2');
    const [org] = doc.getElementsByTagName('organization');
    expect(doc.getElementsByTagName('organizations')[0].getAttribute('default')).toBe(org.getAttribute('identifier'));
    expect(org.getElementsByTagName('title')[0].textContent).toBe('Zellen <& "Gewebe">');
    const items = doc.getElementsByTagName('item');
    expect(items).toHaveLength(1);
    const resources = doc.getElementsByTagName('resource');
    expect(resources).toHaveLength(1);
    expect(items[0].getAttribute('identifierref')).toBe(resources[0].getAttribute('identifier'));
    expect(resources[0].getAttributeNS('http://www.adlnet.org/xsd/adlcp_rootv1p2', 'scormtype')).toBe('sco');
    expect(resources[0].getAttribute('href')).toBe('launch.html');
    expect([...resources[0].getElementsByTagName('file')].map((f) => f.getAttribute('href'))).toEqual(input.files);
  });

  it('SCORM 2004 4th edition: IMS CP 1.1.4 with ADL v1p3 and IMS SS, schemaversion "2004 4th Edition", content sets its status', () => {
    const doc = parseXml(manifest2004(input));
    const root = doc.documentElement;
    expect(root.namespaceURI).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
    expect(root.getAttribute('identifier')).toBe(`lernwerk-${SHARE}`);
    expect(root.getAttribute('xsi:schemaLocation')).toContain('http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd');
    expect(root.getAttribute('xsi:schemaLocation')).toContain('http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd');
    expect(doc.getElementsByTagName('schemaversion')[0].textContent).toBe('2004 4th Edition');
    const [resource] = doc.getElementsByTagName('resource');
    expect(resource.getAttributeNS('http://www.adlnet.org/xsd/adlcp_v1p3', 'scormType')).toBe('sco');
    const [delivery] = doc.getElementsByTagNameNS('http://www.imsglobal.org/xsd/imsss', 'deliveryControls');
    expect([delivery.getAttribute('completionSetByContent'), delivery.getAttribute('objectiveSetByContent')]).toEqual(['true', 'true']);
  });

  it('identifier and title: a valid XML ID from any share id; titles collapsed, at most 200 characters, never half a pair', () => {
    expect(manifestIdentifier('-9abc_DEF')).toBe('lernwerk--9abc_DEF');
    expect(() => manifestIdentifier('a/b')).toThrow('not a share id');
    expect(manifestTitle('  Zellen \n und  Gewebe ', 'x')).toBe('Zellen und Gewebe');
    expect(manifestTitle('   ', 'fallback')).toBe('fallback');
    const long = manifestTitle('😀'.repeat(300), 'x');
    expect([...long]).toHaveLength(TITLE_MAX_LENGTH);
    expect(long.endsWith('😀…')).toBe(true);
    // Characters XML 1.0 cannot carry are dropped, not written.
    expect(parseXml(manifest12({ ...input, title: 'a\u0001b\uFFFEc' })).getElementsByTagName('title')[0].textContent).toBe('abc');
  });

  it.each(['1.2', '2004'] as const)('SCORM %s: the manifest is valid against the official schemas (xmllint --schema), a broken one is not', (version) => {
    const at = path.join(dir, `schemas-${version}`);
    mkdirSync(at);
    for (const file of SCHEMA_FILES[version].files) writeFileSync(path.join(at, file), readFileSync(path.join(SCHEMAS_DIR, SCHEMA_FILES[version].dir, file)));
    const manifest = version === '1.2' ? manifest12(input) : manifest2004(input);
    writeFileSync(path.join(at, 'imsmanifest.xml'), manifest);
    const good = validateManifestIn(at, version);
    expect(problemsOf(good.output)).toEqual(['imsmanifest.xml validates']);
    expect(good.valid).toBe(true);

    const scormType = version === '1.2' ? 'adlcp:scormtype="sco"' : 'adlcp:scormType="sco"';
    const broken = [
      manifest.replace(scormType, scormType.replace('="sco"', '="lesson"')),
      manifest.replace('<schemaversion>', '<schemaversion bogus="1">'),
      manifest.replace(/<item identifier="[^"]*" /, '<item '),
      manifest.replace(/(<metadata>[\s\S]*<\/metadata>)([\s\S]*<\/resources>)/, '$2$1'),
    ];
    for (const [index, text] of broken.entries()) {
      expect(text).not.toBe(manifest);
      writeFileSync(path.join(at, `broken-${index}.xml`), text);
      const result = validateManifestIn(at, version, `broken-${index}.xml`);
      expect(result.valid, text).toBe(false);
      expect(result.output).toContain('fails to validate');
    }
  });
});

describe.each(['1.2', '2004'] as const)('the SCORM %s package (zip)', (version) => {
  let zip: Uint8Array;
  beforeAll(() => {
    zip = buildScormPackage({ version, sharePublicId: SHARE, title: 'Zellen & Gewebe', origin: ORIGIN, scripts, modified: new Date('2026-01-02T03:04:05Z') });
  });

  it('imsmanifest.xml first at the root; the launch page, its scripts and style, the schema files and notices, nothing in folders', () => {
    const names = Object.keys(unzipSync(zip));
    expect(names[0]).toBe(MANIFEST_FILE);
    expect(names.every((name) => !name.includes('/'))).toBe(true);
    expect(names).toEqual(
      expect.arrayContaining(['launch.html', 'launch.js', 'xstate.js', 'launch.css', 'NOTICE-schemas.md', 'LICENSE-xstate.txt', ...SCHEMA_FILES[version].files]),
    );
    expect(names).toHaveLength(7 + SCHEMA_FILES[version].files.length);
    const manifest = strFromU8(unzipSync(zip)[MANIFEST_FILE]);
    for (const file of ['launch.html', 'launch.js', 'xstate.js', 'launch.css']) expect(manifest).toContain(`<file href="${file}"/>`);
    // The same share gives the same files (the zip differs only by its time stamp).
    expect(scormPackageFiles({ version, sharePublicId: SHARE, title: 'Zellen & Gewebe', origin: ORIGIN, scripts })).toEqual(
      new Map(Object.entries(unzipSync(zip))),
    );
  });

  it('the manifest in the zip validates against the schema files in the zip', () => {
    const { at } = unpack(version, zip);
    const result = validateManifestIn(at, version);
    expect(problemsOf(result.output)).toEqual(['imsmanifest.xml validates']);
    expect(result.valid).toBe(true);
  });

  it('launch.html names the server origin and the share, and loads xstate.js before launch.js', () => {
    const html = strFromU8(unzipSync(zip)['launch.html']);
    const doc = new JSDOM(html).window.document;
    expect(JSON.parse(doc.getElementById(CONFIG_ELEMENT_ID)!.textContent!)).toEqual({
      version, serverOrigin: ORIGIN, courseUrl: `${ORIGIN}/s/${SHARE}/`, title: 'Zellen & Gewebe',
    });
    expect([...doc.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'))).toEqual(['xstate.js', 'launch.js']);
    expect(doc.title).toBe('Zellen & Gewebe');
  });

  it('launch.js is readable (not minified, not React), xstate.js carries its licence line', () => {
    const files = unzipSync(zip);
    const launchJs = strFromU8(files['launch.js']);
    expect(launchJs.split('\n').length).toBeGreaterThan(300);
    expect(launchJs).toContain('function findLmsApi(');
    expect(launchJs).toContain('"cmi.core.lesson_status"');
    expect(launchJs).not.toMatch(/react/i);
    expect(strFromU8(files['xstate.js'])).toMatch(/^\/\*! XState 5\.\d+\.\d+ .*MIT License/);
    expect(strFromU8(files['LICENSE-xstate.txt'])).toContain('MIT');
  });

  it('the package’s own scripts run the launch page in a browser (jsdom) with a fake LMS: initialise, frame on the share, hello to the server only', async () => {
    const files = unzipSync(zip);
    const lms = version === '1.2' ? fakeScorm12() : fakeScorm2004();
    const dom = new JSDOM(strFromU8(files['launch.html']), {
      url: 'https://lms.school.example/content/sco/launch.html',
      runScripts: 'dangerously',
      beforeParse(window) {
        (window as unknown as Record<string, unknown>)[version === '1.2' ? 'API' : 'API_1484_11'] = lms.api;
      },
    });
    const { window } = dom;
    // The deferred scripts, in the page's order (jsdom loads no files from disk here).
    for (const file of ['xstate.js', 'launch.js']) {
      const script = window.document.createElement('script');
      script.textContent = strFromU8(files[file]);
      window.document.body.appendChild(script);
    }
    expect(lms.calls[0]).toEqual([version === '1.2' ? 'LMSInitialize' : 'Initialize', '']);
    const frame = window.document.querySelector('iframe')!;
    expect(frame.src).toBe(`${ORIGIN}/s/${SHARE}/`);
    const posts: [unknown, string][] = [];
    frame.contentWindow!.postMessage = ((message: unknown, target: string) => posts.push([message, target])) as typeof window.postMessage;
    frame.dispatchEvent(new window.Event('load'));
    expect(posts).toHaveLength(1);
    expect(posts[0][1]).toBe(ORIGIN);
    expect(posts[0][0]).toMatchObject({ type: 'lms:hello', version, learner: { id: version === '1.2' ? 'learner-7' : 'learner-9' } });
    // The viewer completes the course: committed at once; a message from another origin changes nothing.
    const before = lms.calls.length;
    window.dispatchEvent(new window.MessageEvent('message', { data: { type: 'lernwerk:progress', value: 1 }, origin: 'https://evil.example', source: frame.contentWindow }));
    expect(lms.calls).toHaveLength(before);
    window.dispatchEvent(new window.MessageEvent('message', { data: { type: 'lernwerk:progress', value: 1 }, origin: ORIGIN, source: frame.contentWindow }));
    expect(lms.sets()).toContainEqual(version === '1.2' ? ['cmi.core.lesson_status', 'completed'] : ['cmi.completion_status', 'completed']);
    expect(lms.calls.at(-1)![0]).toBe(version === '1.2' ? 'LMSCommit' : 'Commit');
    window.dispatchEvent(new window.Event('pagehide'));
    expect(lms.calls.at(-1)![0]).toBe(version === '1.2' ? 'LMSFinish' : 'Terminate');
    window.close();
  });

  it('opened outside an LMS, the package’s launch page says so and opens no frame', () => {
    const files = unzipSync(zip);
    const dom = new JSDOM(strFromU8(files['launch.html']), { url: 'https://files.example/launch.html', runScripts: 'dangerously' });
    for (const file of ['xstate.js', 'launch.js']) {
      const script = dom.window.document.createElement('script');
      script.textContent = strFromU8(files[file]);
      dom.window.document.body.appendChild(script);
    }
    expect(dom.window.document.querySelector('iframe')).toBeNull();
    expect(dom.window.document.getElementById('lernwerk-message')!.textContent).toMatch(/LMS/);
    dom.window.close();
  });
});
