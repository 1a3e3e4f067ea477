/**
 * Opens the database: PGlite (Postgres compiled to WASM, in-process) by default, or a real
 * PostgreSQL server when a URL is given. Both get the same Drizzle schema and migrations.
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Client as PgClient, PoolClient } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { pgliteChanges, postgresChanges, type ChangeSource } from './change-notifications.ts';
import * as schema from './schema.ts';
import { queryTimeoutMs, type DatabaseTimeouts } from './timeouts.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The rows of a raw `db.execute`: both drivers answer `{ rows }`, which Drizzle's shared database
 * type cannot know. Each row is the query's own columns: the caller reads them as unknown.
 */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new Error('A raw query answers { rows }');
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Errors of idle pooled connections, which the pool has already dropped (PGlite has none). */
  onConnectionError(listener: (err: Error) => void): void;
  /** Which providers' public answers change, pushed by the database (docs/decisions/0017-pushed-provider-changes.md). */
  changes: ChangeSource;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number; timeouts: DatabaseTimeouts } | { kind: 'pglite'; dir: string | null };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize ?? 10, target.timeouts) : openPglite(target.dir);
}

async function openPglite(dir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  if (dir) mkdirSync(dir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers lives in PGlite's WASM memory; one studio's data
  // is a few MB, and the operating system caches the data folder anyway: 16 MB saves about 100 MB
  // of the process's memory (bench/memory.bench.ts).
  const postgresqlconf = ['shared_buffers = 16MB'];
  return usePglite(await PGlite.create(dir ?? undefined, { extensions: { btree_gist }, postgresqlconf }));
}

/** Wraps an open PGlite instance (tests pass clones of a migrated template) and migrates it. */
export async function usePglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await client.exec(`SET TIME ZONE 'UTC'`);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  const changes = await pgliteChanges(client);
  return {
    db,
    engine: 'pglite',
    onConnectionError: () => undefined,
    changes,
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number, timeouts: DatabaseTimeouts): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const connection = { connectionString: url, options: '-c TimeZone=UTC', connectionTimeoutMillis: timeouts.connectMs };
  // Migrations get their own connection without statement limits: waiting for another process's
  // migration, or building an index on a large table, may rightly take longer than a request.
  const migrator = new pg.Client(connection);
  await migrator.connect();
  try {
    // Several app processes may start at once on one database: only one migrates at a time.
    await migrator.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.end().catch(() => undefined); // ending the session releases the advisory lock
  }
  const { changes, Client } = postgresChanges(pg, outageSafe(pg.Client), connection);
  const pool = new pg.Pool({
    ...connection,
    Client,
    max: poolSize,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: queryTimeoutMs(timeouts),
  });
  // An idle connection can be cut (server restart, failover, an administrator): the pool drops it
  // and opens a new one when needed. Without a listener the error would crash the process.
  const listeners = new Set<(err: Error) => void>();
  pool.on('error', (err) => listeners.forEach((listener) => listener(err)));
  const db = drizzle(pool, { schema });
  return {
    db,
    engine: 'postgres',
    onConnectionError: (listener) => listeners.add(listener),
    changes,
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/**
 * The pool's connections, with two repairs that keep an outage from outliving itself:
 * - node-postgres keeps a connection whose query timed out, still waiting for that answer: the
 *   next query on it (Drizzle's ROLLBACK) would wait out the timeout again, and once the server
 *   answers after all, the pool would hand out a connection left inside a transaction nobody
 *   ends. Such a connection is closed instead, and the pool opens a new one.
 * - Drizzle (node-postgres session, 0.45) sends BEGIN before the try/finally that gives the
 *   connection back, so a failed BEGIN would hold one pool slot for good and a long enough outage
 *   would leave none. A failed BEGIN gives its connection back (as broken) itself.
 */
function outageSafe(Base: typeof PgClient): typeof PgClient {
  type Query = (this: PgClient & Partial<PoolClient>, ...args: unknown[]) => unknown;
  const query = Base.prototype.query as Query;
  const Client = class extends Base {
    constructor(...args: ConstructorParameters<typeof PgClient>) {
      super(...args);
      // A connection lost while checked out fails its queries, which is how the request learns
      // of it; the pool listens only while it is idle, and an 'error' event nobody listens to
      // would end the process.
      this.on('error', () => undefined);
    }
  };
  // pg's query has many overloads; the repair wraps whichever is called, so it is set, not overridden.
  Reflect.set(Client.prototype, 'query', function (this: PgClient & Partial<PoolClient>, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      if (err instanceof Error && err.message === 'Query read timeout') this.connection.stream.destroy();
      const text = (args[0] as { text?: unknown } | undefined)?.text;
      if (typeof text === 'string' && /^begin\b/i.test(text)) this.release?.(err instanceof Error ? err : true);
      throw err;
    });
  } satisfies Query);
  return Client;
}
