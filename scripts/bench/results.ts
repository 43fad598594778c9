/**
 * `npm run bench -- results`: how long a share's results take (issue 29; docs/results.md) for a class:
 * 200 guests × 100 questions by default, on a fresh PGlite data dir and on PostgreSQL (DATABASE_URL or
 * TEST_DATABASE_URL, a database of its own, dropped afterwards). Prints one row per database; exits 1
 * when PostgreSQL's median passes the budget (300 ms). Never part of `npm test`.
 *
 *   npm run bench -- results [--learners 200] [--questions 100] [--runs 9] [--databases pglite,postgres] [--keep]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Material, type MaterialInput } from '../../model/material';
import { ResultsQuery } from '../../model/results';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { shareResults } from '../../server/results/figures';
import { importFile } from '../../server/store/import';
import { loadMaterial } from '../../server/store/models';

export const RESULTS_BUDGET_MS = 300;

const USAGE = `Usage: npm run bench -- results [--learners N] [--questions N] [--runs N] [--databases pglite,postgres] [--keep]`;

/** Questions per chapter; each chapter ends with a barrier. */
const PER_CHAPTER = 10;
const KINDS = ['ChoiceQuestion', 'ClozeQuestion', 'AssignmentQuestion', 'PolygonTargetExercise'] as const;

function question(i: number): MaterialInput['content'][number] {
  const id = `q${i}`;
  switch (KINDS[i % KINDS.length]) {
    case 'ChoiceQuestion':
      return { modelName: 'ChoiceQuestion', id, type: 'mc', question: `<p>Question ${i}</p>`, choices: ['a', 'b', 'c', 'd'].map((c, k) => ({ id: `${id}-${c}`, text: `Choice ${c}`, correct: k < 2 })) };
    case 'ClozeQuestion':
      return {
        modelName: 'ClozeQuestion',
        id,
        question: `<p>Question ${i}</p>`,
        content: [{ type: 'p', children: [{ text: 'A ' }, { type: 'gap', id: `${id}-g1`, mode: 'textinput', solutions: [{ text: 'cell', correct: true }], children: [{ text: '' }] }, { text: ' B ' }, { type: 'gap', id: `${id}-g2`, mode: 'textinput', solutions: [{ text: 'wall', correct: true }], children: [{ text: '' }] }] }],
      };
    case 'AssignmentQuestion':
      return {
        modelName: 'AssignmentQuestion',
        id,
        instructions: `<p>Question ${i}</p>`,
        zones: [
          { id: `${id}-z1`, title: 'One', items: [{ id: `${id}-i1`, text: 'Item 1' }] },
          { id: `${id}-z2`, title: 'Two', items: [{ id: `${id}-i2`, text: 'Item 2' }] },
        ],
        disruptors: [{ id: `${id}-d`, text: 'Other' }],
      };
    default:
      return { modelName: 'PolygonTargetExercise', id, asset: { file: 'x.png' }, question: { html: `<p>Question ${i}</p>` }, polygons: [{ points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.1 }, { x: 0.3, y: 0.5 }] }] };
  }
}

/** An answer to question `i`, right or wrong. */
function answer(i: number, right: boolean, variant: number): { field: string; value: unknown } {
  const id = `q${i}`;
  switch (KINDS[i % KINDS.length]) {
    case 'ChoiceQuestion':
      return { field: 'selected', value: right ? [`${id}-a`, `${id}-b`] : [[`${id}-c`], [`${id}-a`], [`${id}-a`, `${id}-d`]][variant % 3] };
    case 'ClozeQuestion':
      return { field: 'inputs', value: right ? ['cell', 'wall'] : [['cel', 'wall'], ['cell', 'hall'], ['', 'wall']][variant % 3] };
    case 'AssignmentQuestion':
      return { field: 'assignedItemIds', value: right ? { [`${id}-z1`]: [`${id}-i1`], [`${id}-z2`]: [`${id}-i2`] } : { [`${id}-z1`]: [`${id}-i2`], [`${id}-z2`]: [`${id}-d`] } };
    default:
      return { field: 'points', value: right ? [{ x: 0.3, y: 0.2 }] : [{ x: 0.9, y: 0.9 }] };
  }
}

function benchMaterial(questions: number) {
  const chapters: MaterialInput['content'] = [];
  for (let c = 0; c * PER_CHAPTER < questions; c++) {
    const content: MaterialInput['content'] = [];
    for (let i = c * PER_CHAPTER; i < Math.min(questions, (c + 1) * PER_CHAPTER); i++) content.push(question(i));
    content.push({ modelName: 'Barrier', id: `b${c}` } as MaterialInput['content'][number]);
    chapters.push({ modelName: 'Chapter', id: `ch${c}`, publicId: `chapter-${c}`, title: `Chapter ${c}`, content });
  }
  return Material.parse({ modelName: 'Material', id: 'bench-results', publicId: 'bench-results', title: 'Results bench', evaluationType: 'composite', content: chapters } satisfies MaterialInput);
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Seeds the class: each learner works through the chapters up to a point (most finish), answering each
 * question (answer, evaluated, progress); a third of the wrong first answers are tried again.
 */
async function seed(db: Database, learners: number, questions: number): Promise<{ shareId: string; events: number; material: Material }> {
  const material = benchMaterial(questions);
  const shareId = (await importFile(db, material, { share: 'guest' })).share.publicId;
  const next = random(29);
  const start = Date.parse('2026-03-02T08:00:00Z');
  let events = 0;
  for (let l = 0; l < learners; l++) {
    const guest = randomBytes(18).toString('base64url');
    await db.query('INSERT INTO guest_sessions (public_id, share_id, name) VALUES ($1, $2, $3)', [guest, shareId, `Learner ${l + 1}`]);
    const reached = next() < 0.7 ? questions : 1 + Math.floor(next() * (questions - 1));
    const rows: { model: string; name: string; field: string; value: unknown }[] = [];
    for (let i = 0; i < reached; i++) {
      const q = question(i) as { modelName: string; id: string };
      const right = next() < 0.6;
      const first = answer(i, right, l + i);
      rows.push({ model: q.id, name: q.modelName, ...first }, { model: q.id, name: q.modelName, field: 'evaluated', value: true }, { model: q.id, name: q.modelName, field: 'progress', value: 1 });
      if (!right && next() < 0.33) rows.push({ model: q.id, name: q.modelName, field: 'evaluated', value: false }, { model: q.id, name: q.modelName, ...answer(i, true, 0) }, { model: q.id, name: q.modelName, field: 'evaluated', value: true });
      if (i % PER_CHAPTER === PER_CHAPTER - 1) rows.push({ model: `b${Math.floor(i / PER_CHAPTER)}`, name: 'Barrier', field: 'unlocked', value: true }, { model: `ch${Math.floor(i / PER_CHAPTER)}`, name: 'Chapter', field: 'progress', value: 1 });
    }
    const at = start + l * 60_000;
    await db.query(
      `INSERT INTO userdata_events (id, share_id, guest_session_id, model_id, model_name, field, value, client_at)
       SELECT e.id, $1, $2, e.model_id, e.model_name, e.field, e.value::jsonb, to_timestamp(e.at / 1000.0)
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[]) AS e (id, model_id, model_name, field, value, at)`,
      [shareId, guest, rows.map(() => randomBytes(16).toString('base64url')), rows.map((r) => r.model), rows.map((r) => r.name), rows.map((r) => r.field), rows.map((r) => JSON.stringify(r.value)), rows.map((_, k) => at + k * 1000)],
    );
    await db.query(
      `INSERT INTO root_progress (share_id, guest_session_id, model_id, value) VALUES ($1, $2, $3, $4)`,
      [shareId, guest, material.id, reached / questions],
    );
    events += rows.length;
  }
  await db.exec('ANALYZE');
  return { shareId, events, material };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(label: string, db: Database, opts: { learners: number; questions: number; runs: number }): Promise<number> {
  const seeded = await seed(db, opts.learners, opts.questions);
  const range = ResultsQuery.parse({});
  const times: number[] = [];
  let learnersFound = 0;
  for (let run = 0; run < opts.runs + 1; run++) {
    const began = performance.now();
    const results = await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const material = await loadMaterial(tx, seeded.material.id);
      if (!material) throw new Error('the bench material is gone');
      return shareResults(tx, { shareId: seeded.shareId, collectionShare: false, materials: [material], range });
    });
    // The first run warms the caches and the plan: not counted.
    if (run > 0) times.push(performance.now() - began);
    learnersFound = results.learners.length;
  }
  const p50 = median(times);
  console.log(
    `| ${label} | ${learnersFound} | ${opts.questions} | ${seeded.events.toLocaleString('en')} | ${p50.toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms |`,
  );
  return p50;
}

export async function runResultsBench(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      learners: { type: 'string', default: '200' },
      questions: { type: 'string', default: '100' },
      runs: { type: 'string', default: '9' },
      databases: { type: 'string', default: 'pglite,postgres' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const opts = { learners: Number(values.learners), questions: Number(values.questions), runs: Number(values.runs) };
  const databases = new Set(values.databases.split(','));
  console.log(`Results of one share as the route computes them (its material loaded, the figures in one read-only transaction), median and max of ${opts.runs} runs after one warm-up; budget on PostgreSQL ${RESULTS_BUDGET_MS} ms\n`);
  console.log('| database | learners | questions | events | median | max |\n|---|---|---|---|---|---|');
  if (databases.has('pglite')) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lernwerk-bench-results-'));
    const db = await openPglite({ dataDir: dir });
    try {
      await migrate(db);
      await measure('PGlite', db, opts);
    } finally {
      await db.close();
      if (values.keep) console.log(`  kept ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    }
  }
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!databases.has('postgres')) return 0;
  if (!url) {
    console.log('PostgreSQL: not measured (set DATABASE_URL or TEST_DATABASE_URL)');
    return 0;
  }
  const name = `lw_bench_results_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString());
  try {
    await migrate(db);
    const p50 = await measure('PostgreSQL', db, opts);
    const met = p50 <= RESULTS_BUDGET_MS;
    console.log(`\nPostgreSQL median ${p50.toFixed(0)} ms: budget ${RESULTS_BUDGET_MS} ms ${met ? 'met' : 'MISSED'}`);
    return met ? 0 : 1;
  } finally {
    await db.close();
    if (values.keep) console.log(`  kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
