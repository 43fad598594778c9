/**
 * The plan of one full-text search, as the server runs it:
 *
 *   npx tsx scripts/bench/explainSearch.ts POSTGRES_URL QUERY [OFFSET] [LIMIT]
 *
 * On a database made by `npm run bench -- search --keep` (or any database of this project): searches all
 * indexed materials for QUERY with server/store/search.ts, prints `EXPLAIN (ANALYZE, BUFFERS)` of the search
 * statement (the second statement of its transaction, after the strategy's), then times the same search
 * again without EXPLAIN. A tool for finding causes; the figures come from `npm run bench -- search`.
 */
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { searchFulltext } from '../../server/store/search';

const [url, query, offset = '0', limit = '19'] = process.argv.slice(2);
if (!url || !query) {
  console.error('usage: npx tsx scripts/bench/explainSearch.ts POSTGRES_URL QUERY [OFFSET] [LIMIT]');
  process.exit(2);
}

/** The database, whose transactions print the plan of their second statement before running it. */
function explaining(db: Database): Database {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    withDeadline: (ms) => explaining(db.withDeadline(ms)),
    transaction: (work) =>
      db.transaction((tx) => {
        let statements = 0;
        return work({
          exec: (sql) => tx.exec(sql),
          query: async <T,>(sql: string, params?: readonly unknown[]) => {
            if (++statements === 2) {
              const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
              console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
            }
            return tx.query<T>(sql, params);
          },
        });
      }),
  };
}

const db = await openPostgres(url);
try {
  const materialIds = (await db.query<{ material_id: string }>('SELECT material_id FROM search_materials ORDER BY material_id')).map((row) => row.material_id);
  const search = { query, materialIds, filters: {}, limit: Number(limit), offset: Number(offset) };
  for (const [label, target] of [['with EXPLAIN', explaining(db)], ['again', db]] as const) {
    const start = performance.now();
    const answer = await searchFulltext(target, search);
    console.log(`${label}: ${(performance.now() - start).toFixed(1)} ms, total ${answer.total}${answer.totalIsLowerBound ? '+' : ''}, ${answer.results.length} results`);
  }
} finally {
  await db.close();
}
