/**
 * The build's demo cache (server/content/demoCache.ts): a first start takes the demo files the build
 * prepared (sanitised) by the hash of their bytes, and prepares any other file itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDemo, writeDemoCacheOf } from '../../server/content/demo';
import { contentHash, readDemoCache } from '../../server/content/demoCache';
import { smallMaterial } from './fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lernwerk-demo-cache-'));
const contentDir = path.join(dir, 'content');
const cacheFile = path.join(dir, 'demo-cache.json');
fs.mkdirSync(contentDir);
const material = smallMaterial('cached', { content: [{ modelName: 'Text', id: 'm-cached-t1', content: { html: '<p onclick="steal()">kept <script>x()</script>text</p>' } }] });
fs.writeFileSync(path.join(contentDir, 'demo-material.json'), JSON.stringify(material));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('demo cache', () => {
  it('holds each demo file sanitised, by the hash of its bytes', async () => {
    expect(await writeDemoCacheOf(contentDir, cacheFile)).toBe(1);
    const cache = readDemoCache(cacheFile, {});
    const hash = contentHash(fs.readFileSync(path.join(contentDir, 'demo-material.json'), 'utf8'));
    const cached = cache.get(hash) as { title: string; content: { content: { html: string } }[] };
    expect(cached.title).toBe('Material cached');
    expect(cached.content[0].content.html).toBe('<p>kept text</p>');
  });

  it('is used for a file with those bytes, and not sanitised again', async () => {
    const cache = readDemoCache(cacheFile, {});
    const [hash, cached] = [...cache][0] as [string, { title: string }];
    // A marker only the cache holds: the prepared file must be the cache's, not the file's.
    const marked = new Map([[hash, { ...cached, title: 'From the cache' }]]);
    const demo = await prepareDemo(contentDir, ['material'], marked);
    const entry = demo.imports.material;
    expect(entry && 'prepared' in entry ? entry.prepared.file.title : entry).toBe('From the cache');
  });

  it('is not used for a file that changed since, nor under another sanitiser version, nor with DEMO_CACHE=0', async () => {
    const cache = readDemoCache(cacheFile, {});
    const changed = path.join(dir, 'changed');
    fs.mkdirSync(changed);
    fs.writeFileSync(path.join(changed, 'demo-material.json'), JSON.stringify({ ...material, title: 'Edited' }));
    const demo = await prepareDemo(changed, ['material'], cache);
    const entry = demo.imports.material;
    expect(entry && 'prepared' in entry ? entry.prepared.file.title : entry).toBe('Edited');

    const other = path.join(dir, 'other-version.json');
    fs.writeFileSync(other, JSON.stringify({ ...JSON.parse(fs.readFileSync(cacheFile, 'utf8')), sanitizer: -1 }));
    expect(readDemoCache(other, {}).size).toBe(0);
    expect(readDemoCache(cacheFile, { DEMO_CACHE: '0' }).size).toBe(0);
    expect(readDemoCache(path.join(dir, 'missing.json'), {}).size).toBe(0);
  });
});
