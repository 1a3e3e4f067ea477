/**
 * A fresh, migrated database per test, on PGlite or (TEST_DB_ENGINE=postgres) on the real
 * PostgreSQL server at TEST_DATABASE_URL, so tests never see each other's rows.
 *
 * Migrating is the slow part, so it happens once per Vitest run (global-setup.ts): a migrated
 * PGlite data folder saved as a tarball, and a migrated PostgreSQL template database, named by
 * TEST_PGLITE_TEMPLATE and TEST_PG_TEMPLATE. Outside Vitest (the benchmarks) each process
 * migrates its own template once. Then, per test:
 * - PostgreSQL: `CREATE DATABASE … TEMPLATE`, dropped in the background once the test closes it
 *   (the drop waits for a checkpoint; nothing waits for the drop until the file ends);
 * - PGlite: starting an instance from the tarball takes seconds (WASM start-up, untarring the
 *   data folder), emptying one takes a fraction of that. So a closed database goes back to an idle
 *   list of the file's instances, emptied as migrations left it — every table truncated, every
 *   sequence back at its start, the session reset — and the next test takes it from there.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { openDatabase, usePglite, type Database } from '../../src/db/client.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../src/db/timeouts.ts';

export const engine = (process.env.TEST_DB_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the postgres test project needs it');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new, migrated PostgreSQL database to copy per test; the caller drops it. */
export async function makePgTemplate(): Promise<string> {
  const name = `slotted_tpl_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const db = await openDatabase({
    kind: 'postgres',
    url: withDatabase(adminUrl(), name),
    poolSize: 1,
    timeouts: DEFAULT_DATABASE_TIMEOUTS,
  });
  await db.close();
  return name;
}

export async function dropPgDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** A migrated PGlite data folder as a tarball, to start instances from. */
export async function makePgliteTemplate(): Promise<Blob> {
  const template = await PGlite.create({ extensions: { btree_gist } });
  await usePglite(template);
  const dump = await template.dumpDataDir('none');
  await template.close();
  return dump;
}

// This file's process: its own PostgreSQL template (when global-setup.ts made none), the test
// databases still being dropped, and its PGlite instances waiting for the next test.
let ownPgTemplate: Promise<string> | null = null;
const drops = new Set<Promise<void>>();
let pgliteTemplate: Promise<Blob> | null = null;
const idlePglite: PgliteInstance[] = [];

/** Called when the test file's process ends: drops and closes what this file made. */
export async function dropTemplates(): Promise<void> {
  await Promise.all(drops);
  if (ownPgTemplate) {
    await dropPgDatabase(await ownPgTemplate);
    ownPgTemplate = null;
  }
  await Promise.all(idlePglite.splice(0).map((i) => i.database.close()));
}

export async function freshDatabase(opts: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  return engine === 'pglite' ? pgliteDatabase() : postgresDatabase(opts.poolSize ?? 5);
}

async function postgresDatabase(poolSize: number): Promise<Database & { url: string }> {
  const template = process.env.TEST_PG_TEMPLATE ?? (await (ownPgTemplate ??= makePgTemplate()));
  const name = `slotted_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = withDatabase(adminUrl(), name);
  const db = await openDatabase({ kind: 'postgres', url, poolSize, timeouts: DEFAULT_DATABASE_TIMEOUTS });
  return {
    ...db,
    url,
    async close() {
      await db.close();
      const drop = dropPgDatabase(name).finally(() => drops.delete(drop));
      drops.add(drop);
    },
  };
}

/** A PGlite instance of this file's, and how to empty it for the next test. */
interface PgliteInstance {
  database: Database;
  reset(): Promise<void>;
}

async function pgliteDatabase(): Promise<Database> {
  const instance = idlePglite.pop() ?? (await startPglite());
  let closed = false;
  return {
    ...instance.database,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await instance.reset();
        idlePglite.push(instance);
      } catch {
        await instance.database.close().catch(() => undefined); // a test broke it: start a new one next time
      }
    },
  };
}

async function startPglite(): Promise<PgliteInstance> {
  const path = process.env.TEST_PGLITE_TEMPLATE;
  pgliteTemplate ??= path ? readFile(path).then((bytes) => new Blob([bytes])) : makePgliteTemplate();
  const client = await PGlite.create({ loadDataDir: await pgliteTemplate, extensions: { btree_gist } });
  const database = await usePglite(client); // already migrated: this only checks
  const tables = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  const truncate = `TRUNCATE ${tables.rows.map((r) => r.name).join(', ')}`;
  const schema = await schemaFingerprint(client);
  // Back to the state migrations left: no rows, every sequence at its start, a new session
  // (settings, advisory locks, prepared statements gone) — all of DISCARD ALL but UNLISTEN: the
  // instance's Database, reused by the next test, keeps listening for provider changes. A test that changed the
  // schema or the migrations' record (logging.test.ts, health.test.ts) leaves an instance that
  // cannot be reused: reset fails, and close() closes it instead.
  const reset = async () => {
    if (client.isInTransaction()) await client.exec('ROLLBACK');
    // Each on its own: none may run inside the implicit transaction of several statements.
    for (const statement of [
      'CLOSE ALL',
      'RESET ALL',
      'DEALLOCATE ALL',
      'SELECT pg_advisory_unlock_all()',
      'DISCARD PLANS',
      'DISCARD TEMP',
      'DISCARD SEQUENCES',
    ]) {
      await client.exec(statement);
    }
    await client.exec(`${truncate};
      SELECT setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) FROM pg_sequences WHERE schemaname = 'public';
      SET TIME ZONE 'UTC';`);
    if ((await schemaFingerprint(client)) !== schema) throw new Error('the test changed the schema');
  };
  return { database, reset };
}

/** A digest of the relations, columns, constraints, triggers, functions and types outside the system schemas, and of the migrations applied. */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const user = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`;
  const { rows } = await client.query<{ fingerprint: string }>(`SELECT md5(concat_ws('|',
    (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT format('%s.%s:%s', n.nspname, c.relname, c.relkind) AS x
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${user}) r),
    (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT format('%s.%s.%s:%s:%s:%s', n.nspname, c.relname, a.attname, a.atttypid, a.attnotnull, pg_get_expr(d.adbin, d.adrelid)) AS x
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE ${user} AND a.attnum > 0 AND NOT a.attisdropped) r),
    (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT format('%s.%s:%s', n.nspname, t.conname, pg_get_constraintdef(t.oid)) AS x
      FROM pg_constraint t JOIN pg_namespace n ON n.oid = t.connamespace WHERE ${user}) r),
    (SELECT string_agg(tgname, ',' ORDER BY tgname) FROM pg_trigger WHERE NOT tgisinternal),
    (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT format('%s.%s', n.nspname, p.proname) AS x
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${user}) r),
    (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT format('%s.%s', n.nspname, t.typname) AS x
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${user}) r),
    (SELECT string_agg(x, ',' ORDER BY x) FROM (SELECT format('%s:%s', e.enumtypid, e.enumlabel) AS x FROM pg_enum e) r),
    (SELECT string_agg(hash || ':' || created_at, ',' ORDER BY created_at, hash) FROM drizzle.__drizzle_migrations)
  )) AS fingerprint`);
  return rows[0]?.fingerprint ?? '';
}
