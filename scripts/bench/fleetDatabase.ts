/**
 * What PostgreSQL's backends do during a run, sampled once a second on one connection of its own
 * (pg_stat_activity: statements running, what they wait for, which statements; pg_stat_database:
 * commits): a sampling profile of the database, to tell a database limit from a CPU limit.
 */
import pg from 'pg';
import type { DatabaseEvidence } from './fleetReport';

interface ActivityRow {
  state: string | null;
  wait: string;
  query: string;
}

export class DatabaseSampler {
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | null = null;
  private samples = 0;
  private activeSum = 0;
  private activeMax = 0;
  private connectionsMax = 0;
  private readonly waits = new Map<string, number>();
  private readonly statements = new Map<string, number>();
  private commitsAtStart = 0;
  private startedAt = 0;

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url, query_timeout: 5_000 });
    this.client.on('error', () => undefined);
  }

  private async commits(): Promise<number> {
    const { rows } = await this.client.query<{ commits: string }>('SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0]?.commits ?? 0);
  }

  async start(): Promise<void> {
    await this.client.connect();
    this.commitsAtStart = await this.commits();
    this.startedAt = Date.now();
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void this.sample().finally(() => (busy = false));
    }, 1_000);
  }

  private async sample(): Promise<void> {
    const { rows } = await this.client
      .query<ActivityRow>(
        `SELECT state, coalesce(wait_event_type || ':' || wait_event, 'CPU') AS wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
           FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      )
      .catch(() => ({ rows: [] as ActivityRow[] }));
    if (!rows.length) return;
    this.samples++;
    this.connectionsMax = Math.max(this.connectionsMax, rows.length);
    const active = rows.filter((row) => row.state === 'active');
    this.activeSum += active.length;
    this.activeMax = Math.max(this.activeMax, active.length);
    for (const row of active) {
      // ClientRead while active: between the statements of a transaction, the server is sending the next.
      this.waits.set(row.wait, (this.waits.get(row.wait) ?? 0) + 1);
      this.statements.set(row.query, (this.statements.get(row.query) ?? 0) + 1);
    }
  }

  async stop(): Promise<DatabaseEvidence> {
    if (this.timer) clearInterval(this.timer);
    const commits = await this.commits().catch(() => this.commitsAtStart);
    const seconds = (Date.now() - this.startedAt) / 1000;
    await this.client.end().catch(() => undefined);
    const perSample = (map: Map<string, number>, top: number) =>
      Object.fromEntries(
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([key, n]) => [key, Math.round((n / Math.max(1, this.samples)) * 100) / 100]),
      );
    return {
      samples: this.samples,
      activeAvg: Math.round((this.activeSum / Math.max(1, this.samples)) * 100) / 100,
      activeMax: this.activeMax,
      connectionsMax: this.connectionsMax,
      waits: perSample(this.waits, 6),
      statements: perSample(this.statements, 5),
      commitsPerSecond: Math.round((commits - this.commitsAtStart) / Math.max(1, seconds)),
    };
  }
}
