/**
 * Benchmark of the full-text search (issue 11): indexes generated materials of 10,000 and 100,000
 * searchable elements and prints p50/p95 of one-word, two-word and prefix queries (page one: 19
 * hits with snippets, and the total) and the size of the index. On PGlite in memory, and on
 * PostgreSQL too when DATABASE_URL is set (in a database of its own, dropped afterwards).
 * Not a test: numbers to compare, on a shared machine they vary.
 *
 *   npx tsx scripts/bench/search.ts [--sizes 10000,100000] [--queries 40] [--seed 1]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Collection, type MaterialInput } from '../../src/model/material';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { preparedBefore, storeImport } from '../../server/store/import';
import { searchFulltext } from '../../server/store/search';

const ELEMENTS_PER_MATERIAL = 1_000;
const VOCABULARY_SIZE = 20_000;
const SYLLABLES = ['ka', 'ri', 'mo', 'ten', 'ber', 'lo', 'sa', 'un', 'ge', 'wal', 'dor', 'fi', 'na', 'schu', 'le', 'stein', 'hau', 'mar', 'ze', 'tor'];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < VOCABULARY_SIZE) {
    const n = 2 + Math.floor(rand() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** A word by a Zipf-like distribution: a few common, most rare. */
const zipf = (rand: () => number, words: readonly string[]) => words[Math.floor(words.length * rand() ** 3)];

function sentence(rand: () => number, words: readonly string[], length: number): string {
  return Array.from({ length }, () => zipf(rand, words)).join(' ');
}

/** A collection of materials holding `elements` searchable elements in all (text, headings, foldables with text). */
function generate(elements: number, seed: number, words: readonly string[]): { collection: Collection; texts: string[] } {
  const rand = random(seed);
  const texts: string[] = [];
  const materials: MaterialInput[] = [];
  for (let m = 0; m * ELEMENTS_PER_MATERIAL < elements; m++) {
    const content: MaterialInput['content'] = [];
    for (let i = 0; i < ELEMENTS_PER_MATERIAL - 1; i++) {
      const id = `b${m}-${i}`;
      const text = sentence(rand, words, 12 + Math.floor(rand() * 30));
      texts.push(text);
      if (i % 10 === 0) content.push({ modelName: 'Heading', id, content: { html: sentence(rand, words, 4) }, level: 2 });
      else if (i % 10 === 5) content.push({ modelName: 'Foldable', id: `${id}-f`, title: sentence(rand, words, 3), content: [{ modelName: 'Text', id, content: { html: `<p>${text}</p>` } }] });
      else content.push({ modelName: 'Text', id, content: { html: `<p>${text}</p>` } });
    }
    materials.push({ modelName: 'Material', id: `b${m}`, publicId: `bench-${m}`, title: sentence(rand, words, 3), metadata: { sprache: 'Deutsch' }, content });
  }
  const collection = Collection.parse({ modelName: 'Collection', id: 'bench', publicId: 'bench', title: 'Bench', items: materials.map((material, i) => ({ id: `bench-item-${i}`, material })) });
  return { collection, texts };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timeQueries(db: Database, materialIds: string[], queries: string[]): Promise<{ p50: number; p95: number; hits: number }> {
  const times: number[] = [];
  let hits = 0;
  for (const query of queries) {
    const start = performance.now();
    const answer = await searchFulltext(db, { query, materialIds, filters: {}, limit: 19, offset: 0 });
    times.push(performance.now() - start);
    hits += answer.total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), hits: Math.round(hits / queries.length) };
}

async function bench(label: string, db: Database, elements: number, options: { queries: number; seed: number }): Promise<void> {
  const rand = random(options.seed + 7);
  const words = vocabulary(random(options.seed));
  const { collection, texts } = generate(elements, options.seed, words);
  const start = performance.now();
  await db.transaction((tx) => storeImport(tx, preparedBefore(collection), { share: 'public' }));
  const importMs = performance.now() - start;
  const [{ entries }] = await db.query<{ entries: number }>('SELECT count(*)::int AS entries FROM search_entries');
  const [size] = await db.query<{ table: string; gin: string }>(
    `SELECT pg_size_pretty(pg_total_relation_size('search_entries')) AS table, pg_size_pretty(pg_relation_size('search_entries_tsv_idx')) AS gin`,
  );
  const materialIds = collection.items.map((i) => i.material.id);
  const pick = () => texts[Math.floor(rand() * texts.length)].split(' ');
  const one = Array.from({ length: options.queries }, () => pick()[0]);
  const two = Array.from({ length: options.queries }, () => pick().slice(0, 2).join(' '));
  const prefix = Array.from({ length: options.queries }, () => pick()[0].slice(0, 4));
  await timeQueries(db, materialIds, one.slice(0, 5)); // warm up
  const fmt = (r: { p50: number; p95: number; hits: number }) => `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (≈${r.hits} hits)`;
  console.log(`${label}, ${entries} entries (${elements} elements asked), indexed in ${(importMs / 1000).toFixed(1)} s; table ${size.table}, GIN index ${size.gin}`);
  console.log(`  one word:  ${fmt(await timeQueries(db, materialIds, one))}`);
  console.log(`  two words: ${fmt(await timeQueries(db, materialIds, two))}`);
  console.log(`  prefix:    ${fmt(await timeQueries(db, materialIds, prefix))}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000,100000' }, queries: { type: 'string', default: '40' }, seed: { type: 'string', default: '1' } } });
  const sizes = values.sizes.split(',').map(Number);
  const options = { queries: Number(values.queries), seed: Number(values.seed) };
  for (const size of sizes) {
    const db = await openPglite();
    try {
      await migrate(db);
      await bench(`PGlite, ${size}`, db, size, options);
    } finally {
      await db.close();
    }
  }
  const url = process.env.DATABASE_URL;
  if (!url) return;
  for (const size of sizes) {
    const name = `lw_bench_search_${process.pid}_${size}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = await openPostgres(target.toString());
    try {
      await migrate(db);
      await bench(`PostgreSQL, ${size}`, db, size, options);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
