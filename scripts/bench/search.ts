/**
 * Benchmark of the full-text search (issue 11, part 4): indexes generated materials of 10,000 and
 * 100,000 (optionally 1,000,000) searchable elements and prints p50/p95 of one-word, two-word and
 * prefix queries and of their mix (page one: 19 hits with snippets, and the total), a later page, and
 * the size of the table and of its GIN index. On PGlite in memory, and on PostgreSQL too when
 * DATABASE_URL is set (in a database of its own, dropped afterwards unless --keep).
 * Not a test: numbers to compare, on a shared machine they vary. Goal: p95 ≤ 30 ms at 100k elements
 * on PostgreSQL, growing no worse than logarithmically.
 *
 *   npm run bench -- search [--sizes 10000,100000[,1000000]] [--queries 40] [--repeat 3] [--seed 1]
 *                           [--databases pglite,postgres] [--keep] [--no-vacuum]
 *                           [--search-module FILE]
 *   (or npx tsx scripts/bench/search.ts with the same options)
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Material, type MaterialInput } from '../../model/material';
import type { FulltextAnswer } from '../../model/search';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { preparedBefore, storeImport } from '../../server/store/import';
import { searchFulltext as projectSearch, type FulltextSearch } from '../../server/store/search';

type SearchFn = (db: Database, search: FulltextSearch) => Promise<FulltextAnswer>;

const ELEMENTS_PER_MATERIAL = 1_000;
/** Elements of a material that carry text (the generator's loop; the material's own title comes on top). */
const TEXTS_PER_MATERIAL = ELEMENTS_PER_MATERIAL - 1;
const VOCABULARY_SIZE = 20_000;
const SYLLABLES = ['ka', 'ri', 'mo', 'ten', 'ber', 'lo', 'sa', 'un', 'ge', 'wal', 'dor', 'fi', 'na', 'schu', 'le', 'stein', 'hau', 'mar', 'ze', 'tor'];
/** Page one of the viewer: 19 hits (the full-text paging rule), and page 6 (offset 99, 20 hits). */
const PAGE_ONE = { limit: 19, offset: 0 };
const LATER_PAGE = { limit: 20, offset: 99 };

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

/** A word by a Zipf-like distribution: a few common, most rare (the commonest is in about two thirds of the texts). */
const zipf = (rand: () => number, words: readonly string[]) => words[Math.floor(words.length * rand() ** 3)];

function sentence(rand: () => number, words: readonly string[], length: number): string {
  return Array.from({ length }, () => zipf(rand, words)).join(' ');
}

/**
 * The materials holding `elements` searchable elements in all (text, headings, foldables with text),
 * one at a time (1M elements do not fit in memory as one collection), and the texts at the indexes
 * asked for (`wanted`, in generation order) for the queries.
 */
function* generate(elements: number, seed: number, words: readonly string[], wanted: ReadonlySet<number>, texts: Map<number, string>): Generator<MaterialInput> {
  const rand = random(seed);
  let index = 0;
  for (let m = 0; m * ELEMENTS_PER_MATERIAL < elements; m++) {
    const content: MaterialInput['content'] = [];
    for (let i = 0; i < TEXTS_PER_MATERIAL; i++) {
      const id = `b${m}-${i}`;
      const text = sentence(rand, words, 12 + Math.floor(rand() * 30));
      if (wanted.has(index)) texts.set(index, text);
      index++;
      if (i % 10 === 0) content.push({ modelName: 'Heading', id, content: { html: sentence(rand, words, 4) }, level: 2 });
      else if (i % 10 === 5) content.push({ modelName: 'Foldable', id: `${id}-f`, title: sentence(rand, words, 3), content: [{ modelName: 'Text', id, content: { html: `<p>${text}</p>` } }] });
      else content.push({ modelName: 'Text', id, content: { html: `<p>${text}</p>` } });
    }
    yield { modelName: 'Material', id: `b${m}`, publicId: `bench-${m}`, title: sentence(rand, words, 3), metadata: { sprache: 'Deutsch' }, content };
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Timing {
  times: number[];
  hits: number[];
  queries: string[];
}

async function timeQueries(
  search: SearchFn,
  db: Database,
  materialIds: string[],
  queries: readonly string[],
  page: { limit: number; offset: number },
  repeat = 1,
): Promise<Timing> {
  const times: number[] = [];
  const hits: number[] = [];
  for (const query of queries) {
    const runs: number[] = [];
    let total = 0;
    for (let r = 0; r < repeat; r++) {
      const start = performance.now();
      total = (await search(db, { query, materialIds, filters: {}, ...page })).total;
      runs.push(performance.now() - start);
    }
    // The median of the runs of a query: one burst of another process on the machine does not count.
    times.push(runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]);
    hits.push(total);
  }
  return { times, hits, queries: [...queries] };
}

function summary(t: Timing): string {
  const times = [...t.times].sort((a, b) => a - b);
  const hits = [...t.hits].sort((a, b) => a - b);
  const mean = Math.round(hits.reduce((a, b) => a + b, 0) / Math.max(1, hits.length));
  const slowest = t.times.indexOf(times[times.length - 1]);
  return `p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms, max ${times[times.length - 1].toFixed(1).padStart(6)} ms` +
    ` (hits: mean ${mean}, max ${hits[hits.length - 1]}; slowest "${t.queries[slowest]}", ${t.hits[slowest]} hits)`;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

interface BenchOptions {
  /** The materials are in the database already (a database kept by an earlier run of the same size and seed). */
  reuse?: boolean;
  vacuum: boolean;
  queries: number;
  repeat: number;
  seed: number;
  search: SearchFn;
}

async function bench(label: string, db: Database, elements: number, options: BenchOptions): Promise<void> {
  const words = vocabulary(random(options.seed));
  // The queries: words of texts picked at random (common words are picked often, as people type them).
  const textCount = Math.ceil(elements / ELEMENTS_PER_MATERIAL) * TEXTS_PER_MATERIAL;
  const pickRand = random(options.seed + 7);
  const picks = Array.from({ length: 3 * options.queries }, () => Math.floor(pickRand() * textCount));
  const texts = new Map<number, string>();
  const materialIds: string[] = [];
  const start = performance.now();
  for (const input of generate(elements, options.seed, words, new Set(picks), texts)) {
    if (options.reuse) {
      materialIds.push(input.id);
      continue;
    }
    const material = Material.parse(input);
    await db.transaction((tx) => storeImport(tx, preparedBefore(material), { share: 'public' }));
    materialIds.push(material.id);
  }
  const importMs = performance.now() - start;
  // What autovacuum does on a PostgreSQL server soon after an import (statistics for the planner, the
  // GIN pending lists merged), and so it does not run while the queries are timed. PGlite runs no
  // autovacuum: --no-vacuum measures it as a server has it.
  if (options.vacuum) await db.exec('VACUUM ANALYZE');
  const [size] = await db.query<{ entries: number; heap: number; total: number; gin: number }>(
    // Summed over the partitions (migration 009): the partitioned table itself holds nothing.
    `WITH parts AS (SELECT relid FROM pg_partition_tree('search_entries') WHERE isleaf)
     SELECT (SELECT count(*)::int FROM search_entries) AS entries,
            (SELECT sum(pg_relation_size(relid)) FROM parts)::float8 AS heap,
            (SELECT sum(pg_total_relation_size(relid)) FROM parts)::float8 AS total,
            (SELECT COALESCE(sum(pg_relation_size(i.indexrelid)), 0)::float8 FROM pg_index i
             JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
             WHERE i.indrelid IN (SELECT relid FROM parts) AND am.amname = 'gin') AS gin`,
  );
  const pick = (n: number) => texts.get(picks[n])!.split(' ');
  const q = options.queries;
  const one = Array.from({ length: q }, (_, i) => pick(i)[0]);
  const two = Array.from({ length: q }, (_, i) => pick(q + i).slice(0, 2).join(' '));
  const prefix = Array.from({ length: q }, (_, i) => pick(2 * q + i)[0].slice(0, 4));
  await timeQueries(options.search, db, materialIds, [...one.slice(0, 5), ...prefix.slice(0, 5)], PAGE_ONE); // warm up
  console.log(
    `${label}: ${size.entries} entries (${elements} elements asked), indexed in ${(importMs / 1000).toFixed(1)} s;` +
      ` table ${mib(size.heap)} (${mib(size.total)} with TOAST and indexes), GIN indexes ${mib(size.gin)}`,
  );
  const results = {
    one: await timeQueries(options.search, db, materialIds, one, PAGE_ONE, options.repeat),
    two: await timeQueries(options.search, db, materialIds, two, PAGE_ONE, options.repeat),
    prefix: await timeQueries(options.search, db, materialIds, prefix, PAGE_ONE, options.repeat),
  };
  const mix: Timing = {
    times: Object.values(results).flatMap((r) => r.times),
    hits: Object.values(results).flatMap((r) => r.hits),
    queries: Object.values(results).flatMap((r) => r.queries),
  };
  console.log(`  one word:   ${summary(results.one)}`);
  console.log(`  two words:  ${summary(results.two)}`);
  console.log(`  prefix:     ${summary(results.prefix)}`);
  console.log(`  mix:        ${summary(mix)}`);
  const later = await timeQueries(options.search, db, materialIds, [...one, ...prefix], LATER_PAGE, options.repeat);
  console.log(`  page 6 (one word and prefix, offset ${LATER_PAGE.offset}): ${summary(later)}`);
}

const USAGE = `Usage: npm run bench -- search [OPTIONS]

Full-text search benchmark (issue 11): p50/p95 of one-word, two-word and prefix queries and their
mix, and the index size, on PGlite and (with DATABASE_URL set) on PostgreSQL.

  --sizes LIST         searchable elements per run (default 10000,100000; 1000000 is possible: about
                       2 minutes to index on PostgreSQL here, more on PGlite)
  --queries N          queries per kind (default 40)
  --repeat N           runs of each query, its median counts (default 3)
  --seed N             seed of the generated text and of the queries (default 1)
  --databases LIST     pglite,postgres (default both; postgres only with DATABASE_URL)
  --keep               keep the PostgreSQL databases (their names are printed)
  --reuse NAME         measure the kept PostgreSQL database NAME (made with the same one size and seed;
                       migrated first, not imported again)
  --no-vacuum          skip VACUUM ANALYZE after the import (autovacuum's work on PostgreSQL; PGlite has none)
  --search-module FILE a module exporting searchFulltext to measure instead of server/store/search.ts`;

export async function runSearchBench(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        sizes: { type: 'string', default: '10000,100000' },
        queries: { type: 'string', default: '40' },
        repeat: { type: 'string', default: '3' },
        seed: { type: 'string', default: '1' },
        databases: { type: 'string', default: 'pglite,postgres' },
        keep: { type: 'boolean' },
        reuse: { type: 'string' },
        'no-vacuum': { type: 'boolean' },
        'search-module': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const sizes = values.sizes.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  const databases = new Set(values.databases.split(',').map((s) => s.trim()));
  if (sizes.some((s) => !Number.isInteger(s) || s < 1000) || [...databases].some((d) => d !== 'pglite' && d !== 'postgres')) {
    console.error(`--sizes takes integers ≥ 1000, --databases pglite and/or postgres\n\n${USAGE}`);
    return 2;
  }
  let search: SearchFn = projectSearch;
  if (values['search-module']) {
    search = ((await import(pathToFileURL(path.resolve(values['search-module'])).href)) as { searchFulltext: SearchFn }).searchFulltext;
    console.log(`measuring searchFulltext of ${values['search-module']}`);
  }
  if (values.reuse && (sizes.length !== 1 || !/^[a-z0-9_]+$/.test(values.reuse))) {
    console.error(`--reuse takes the name of a kept database and one size\n\n${USAGE}`);
    return 2;
  }
  const options: BenchOptions = { reuse: Boolean(values.reuse), vacuum: !values['no-vacuum'], queries: Number(values.queries), repeat: Math.max(1, Number(values.repeat)), seed: Number(values.seed), search };
  if (databases.has('pglite')) {
    for (const size of sizes) {
      const db = await openPglite();
      try {
        await migrate(db);
        await bench(`PGlite, ${size}`, db, size, options);
      } finally {
        await db.close();
      }
    }
  }
  const url = process.env.DATABASE_URL;
  if (!databases.has('postgres')) return 0;
  if (!url) {
    console.log('PostgreSQL: not measured (set DATABASE_URL, e.g. eval "$(scripts/pg-test-db.sh)"; DATABASE_URL=$TEST_DATABASE_URL)');
    return 0;
  }
  for (const size of sizes) {
    const name = values.reuse ?? `lw_bench_search_${process.pid}_${size}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    if (!values.reuse) await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = await openPostgres(target.toString());
    try {
      await migrate(db);
      await bench(`PostgreSQL, ${size}`, db, size, options);
    } finally {
      await db.close();
      if (values.keep || values.reuse) console.log(`  kept database ${name}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runSearchBench(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
