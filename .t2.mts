import { PGlite } from '@electric-sql/pglite';
const db = new PGlite({ dataDir: process.argv[2] });
await db.waitReady;
await db.exec(`create table if not exists t (id serial primary key, batch int, payload jsonb)`);
const before = (await db.query<{c:number}>(`select count(*)::int as c from t`)).rows[0].c;
const batches = (await db.query<{c:number}>(`select count(distinct batch)::int as c from t`)).rows[0].c;
const bad = (await db.query<{c:number}>(`select count(*)::int as c from (select batch, count(*) n from t group by batch) x where n <> 100`)).rows[0].c;
console.log(JSON.stringify({ before, batches, bad }));
if (process.argv[3] === 'write') {
  for (let b = 0; ; b++) {
    await db.transaction(async (tx) => {
      await tx.query(`insert into t (batch, payload) select $1, jsonb_build_object('x', g, 'pad', repeat('x', 500)) from generate_series(1,100) g`, [Math.floor(Math.random()*2e9)]);
    });
    console.log('committed', b);
  }
}
await db.close();
