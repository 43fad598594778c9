/** Something SQL runs on: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with `$1…` parameters; answers the rows. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The one database interface of the server. The same SQL runs on PGlite (PostgreSQL 18, embedded)
 * and PostgreSQL 15: int8 comes back as a number and timestamptz as a Date on both.
 */
export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The same database (same connections) with another deadline per query, in ms: longer for
   * migrations, start-up maintenance and imports (server/db/deadlines.ts). A query past its
   * deadline fails with a DatabaseUnavailableError (server/db/unavailable.ts).
   */
  withDeadline(ms: number): Database;
  /** Closes the connection(s) and releases the data-dir lock; safe to call twice. */
  close(): Promise<void>;
}
