/**
 * A fresh, migrated database per test, on PGlite or (TEST_DB_ENGINE=postgres) on the real
 * PostgreSQL server at TEST_DATABASE_URL. Each engine migrates a template once per test file and
 * copies it per test, so tests never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { openDatabase, usePglite, type Database } from '../../src/db/client.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../src/db/timeouts.ts';

export const engine = (process.env.TEST_DB_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

let pgliteTemplate: Promise<PGlite> | null = null;
let pgTemplate: Promise<string> | null = null;

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

async function makePgTemplate(): Promise<string> {
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

/** Template databases are dropped when the test file's process ends. */
export async function dropTemplates(): Promise<void> {
  if (pgTemplate) {
    const name = await pgTemplate;
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    pgTemplate = null;
  }
  if (pgliteTemplate) {
    await (await pgliteTemplate).close();
    pgliteTemplate = null;
  }
}

export async function freshDatabase(opts: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  if (engine === 'pglite') {
    pgliteTemplate ??= (async () => {
      const t = await PGlite.create({ extensions: { btree_gist } });
      await (await usePglite(t)).db.execute('SELECT 1');
      return t;
    })();
    return usePglite((await (await pgliteTemplate).clone()) as PGlite);
  }
  pgTemplate ??= makePgTemplate();
  const template = await pgTemplate;
  const name = `slotted_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = withDatabase(adminUrl(), name);
  const db = await openDatabase({ kind: 'postgres', url, poolSize: opts.poolSize ?? 5, timeouts: DEFAULT_DATABASE_TIMEOUTS });
  return {
    ...db,
    url,
    async close() {
      await db.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
