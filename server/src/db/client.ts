/**
 * Opens the database: PGlite (Postgres compiled to WASM, in-process) by default, or a real
 * PostgreSQL server when a URL is given. Both get the same Drizzle schema and migrations.
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseTarget = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dir: string | null };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.poolSize ?? 10) : openPglite(target.dir);
}

async function openPglite(dir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  if (dir) mkdirSync(dir, { recursive: true });
  return usePglite(await PGlite.create(dir ?? undefined, { extensions: { btree_gist } }));
}

/** Wraps an open PGlite instance (tests pass clones of a migrated template) and migrates it. */
export async function usePglite(client: PGlite): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await client.exec(`SET TIME ZONE 'UTC'`);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c TimeZone=UTC' });
  // An idle connection can be cut (server restart, failover, an administrator): the pool drops it
  // and opens a new one when needed. Without a listener the error would crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const lockClient = await pool.connect();
  try {
    // Several app processes may start at once on one database: only one migrates at a time.
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzle(pool, { schema });
  return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() };
}
