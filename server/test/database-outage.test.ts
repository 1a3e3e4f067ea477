/**
 * A database that freezes or goes away: requests answer 503 with Retry-After within the
 * configured timeouts instead of hanging or answering 500, the outage is logged once and without
 * data, and the app recovers by itself. The app reaches PostgreSQL through a switchable proxy
 * (support/pg-proxy.ts); the shared server itself is never stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Db } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/lib/pg-errors.ts';
import { sha256 } from '../src/lib/tokens.ts';
import type { Agent } from './support/agent.ts';
import { buildProvider, buildUser, signIn } from './support/factories.ts';
import { captureLogs } from './support/log-capture.ts';
import { startPgProxy, type PgProxy } from './support/pg-proxy.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { engine, freshDatabase } from './support/test-db.ts';
import { must } from './support/must.ts';

const TIMEOUTS = { connectMs: 1000, statementMs: 1000, idleInTransactionMs: 2000 };
const PROVIDER_EMAIL = 'outage-provider@example.com';
const CLIENT_EMAIL = 'outage-client@example.com';

describe.skipIf(engine !== 'postgres')('a failing database (PostgreSQL only: PGlite runs in-process and cannot be cut off)', () => {
  let direct: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: PgProxy;
  let t: TestApp;
  let provider: Agent;
  let client: Agent;
  const logs = captureLogs();

  beforeAll(async () => {
    direct = await freshDatabase();
    proxy = await startPgProxy({ host: '127.0.0.1', port: Number(new URL(must(direct.url, 'direct.url')).port || 5432) });
    const database = await openDatabase({
      kind: 'postgres',
      url: proxy.via(must(direct.url, 'direct.url')),
      poolSize: 3,
      timeouts: TIMEOUTS,
    });
    t = await createTestApp({ database, logger: logs.logger });
    provider = await signIn(t, await buildProvider(t, { email: PROVIDER_EMAIL, name: 'Outage Studio', username: 'outagestudio' }));
    client = await signIn(t, await buildUser(t, { email: CLIENT_EMAIL, name: 'Olga' }));
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await direct?.close();
  });

  const profile = () => client.get('/api/profile/outagestudio');
  const book = () => client.post('/api/appointments', { service_id: 1, starts_at: '2026-11-30T10:00:00Z' });

  function expectUnavailable(res: Awaited<ReturnType<typeof profile>>) {
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toEqual({ message: expect.any(String), code: 'database_unavailable' });
  }

  it('gives every pooled connection the statement and idle-in-transaction timeouts', async () => {
    const rows = async (q: string) => rowsOf(await t.db.execute(sql.raw(q)))[0];
    expect(await rows('SHOW statement_timeout')).toEqual({ statement_timeout: '1s' });
    expect(await rows('SHOW idle_in_transaction_session_timeout')).toEqual({ idle_in_transaction_session_timeout: '2s' });
    expect((await profile()).status).toBe(200);
  });

  it('frozen: requests answer 503 with Retry-After instead of hanging; /health stays up, /ready says unavailable', async () => {
    await proxy.set('frozen');
    const answers = await Promise.all([profile(), book(), profile(), book(), profile(), book()]);
    answers.forEach(expectUnavailable);
    expect(await t.agent().get('/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.agent().get('/ready')).toMatchObject({ status: 503, body: { status: 'unavailable', reason: 'database_unreachable' } });
  });

  it('down: requests answer 503 at once', async () => {
    await proxy.set('down');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? book() : profile())));
    answers.forEach(expectUnavailable);
    expect((await t.agent().get('/health')).status).toBe(200);
    expect((await t.agent().get('/ready')).status).toBe(503);
  });

  it('logs the outage once, and no log line carries query parameters, e-mails or session ids', () => {
    expect(logs.withMessage('database unavailable')).toHaveLength(1);
    expect(logs.withMessage('request failed')).toEqual([]);
    const all = logs.lines.join('\n');
    for (const agent of [provider, client]) {
      const session = must(agent.jar.get('slotted_session'), "agent.jar.get('slotted_session')");
      expect(session).toBeTruthy();
      for (const secret of [session, sha256(session), must(agent.jar.get('XSRF-TOKEN'), "agent.jar.get('XSRF-TOKEN')")])
        expect(all).not.toContain(secret);
    }
    for (const secret of [PROVIDER_EMAIL, CLIENT_EMAIL, 'params:']) expect(all).not.toContain(secret);
  });

  it('recovers by itself when the database is back, and logs that once', async () => {
    await proxy.set('healthy');
    const res = await profile();
    expect(res.status).toBe(200);
    expect((await book()).status).not.toBe(503);
    expect(await t.agent().get('/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(logs.withMessage('database reachable again')).toHaveLength(1);
    expect(logs.withMessage('database unavailable')).toHaveLength(1);
  });

  /** A pool of one connection through the proxy, so what happens to that connection shows. */
  async function withOneConnection(fn: (db: Db) => Promise<void>) {
    const database = await openDatabase({
      kind: 'postgres',
      url: proxy.via(must(direct.url, 'direct.url')),
      poolSize: 1,
      timeouts: TIMEOUTS,
    });
    try {
      await database.db.execute(sql`SELECT 1`);
      await fn(database.db);
    } finally {
      await proxy.set('healthy');
      await database.close();
    }
  }
  const visibleToOthers = async (table: string) =>
    must(rowsOf(await direct.db.execute(sql`SELECT to_regclass(${table})::text AS name`))[0], `the row of to_regclass(${table})`).name ===
    table;

  it('gives the connection of a BEGIN that went unanswered back to the pool', async () => {
    await withOneConnection(async (db) => {
      await proxy.set('frozen');
      const failure = await db.transaction(async (tx) => tx.execute(sql`SELECT 1`)).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await proxy.set('healthy');
      await db.execute(sql`CREATE TABLE after_begin (id int)`);
      expect(await visibleToOthers('after_begin')).toBe(true);
    });
  });

  it('never reuses a connection whose query went unanswered inside a transaction', async () => {
    await withOneConnection(async (db) => {
      const failure = await db
        .transaction(async (tx) => {
          await proxy.set('frozen');
          await tx.execute(sql`SELECT 1`);
        })
        .catch((err: unknown) => err);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await proxy.set('healthy');
      // On the old connection this would run inside the unfinished transaction, unseen by others.
      await db.execute(sql`CREATE TABLE after_timeout (id int)`);
      expect(await visibleToOthers('after_timeout')).toBe(true);
    });
  });
});
