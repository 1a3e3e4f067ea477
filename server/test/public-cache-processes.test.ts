/**
 * Pushed provider changes between processes (docs/decisions/0017-pushed-provider-changes.md): two
 * app processes on one PostgreSQL database. A provider's edit made through one process reaches a
 * visitor's profile in the other (whose answer is kept in memory, so only the notification can
 * tell it), also after its listening connection was cut. (PGlite runs one process: skipped there,
 * like the other two-process tests.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicProfile } from '@slotted/contract';
import { rowsOf, type Db } from '../src/db/client.ts';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-notifications.ts';
import { startApp, type RunningApp } from './support/app-process.ts';
import { buildProvider, startSession, type Store } from './support/factories.ts';
import { engine, freshDatabase } from './support/test-db.ts';
import { must } from './support/must.ts';

const SECRET = 'cache-secret-cache-secret-cache-secret-01';

describe.runIf(engine === 'postgres')('a provider edit in one process, read in another', { timeout: 300_000 }, () => {
  let db: Db;
  let writer: RunningApp;
  let reader: RunningApp;
  let session: { cookie: string; xsrf: string };
  let close: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const database = await freshDatabase({ poolSize: 2 });
    db = database.db;
    const env = { DATABASE_URL: must(database.url, 'the database URL'), SESSION_SECRET: SECRET, SEED_DEMO: 'false', NODE_ENV: 'test' };
    [writer, reader] = await Promise.all([startApp(env), startApp(env)]);
    const store: Store = { db, clock: { now: () => new Date() } };
    const studio = await buildProvider(store, { username: 'studio', name: 'Studio' });
    const s = await startSession(store, { secure: false, sessionSecret: SECRET }, studio);
    session = { cookie: `${s.name}=${s.value}; XSRF-TOKEN=${s.xsrf}`, xsrf: s.xsrf };
    close = async () => {
      await Promise.all([writer.stop(), reader.stop()]);
      await database.close();
    };
  }, 120_000);

  afterAll(async () => {
    await close();
  });

  const nameOnReader = async () => ((await (await fetch(`${reader.url}/api/profile/studio`)).json()) as { data: PublicProfile }).data.name;

  async function rename(name: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name, username: 'studio', is_provider: '1' })) form.append(k, v);
    const res = await fetch(`${writer.url}/api/me`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf },
      body: form,
    });
    expect(res.status).toBeLessThan(300);
  }

  it('shows the edit in the other process, whose profile was kept in memory', async () => {
    expect(await nameOnReader()).toBe('Studio');
    expect(await nameOnReader()).toBe('Studio'); // kept
    await rename('Studio Flow');
    await expect.poll(nameOnReader, { timeout: 10_000, interval: 50 }).toBe('Studio Flow');
  });

  it('still shows the edit when the listening connections were cut', async () => {
    expect(await nameOnReader()).toBe('Studio Flow');
    const cut = rowsOf(
      await db.execute(
        sql`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`,
      ),
    );
    expect(cut[0]?.n).toBe(2); // one per process
    await rename('Studio Two');
    await expect.poll(nameOnReader, { timeout: 10_000, interval: 50 }).toBe('Studio Two');
    // Both listen again, and an edit after that is pushed as before.
    await expect
      .poll(
        async () => {
          const r = await db.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`,
          );
          return rowsOf(r)[0]?.n;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(2);
    expect(await nameOnReader()).toBe('Studio Two');
    await rename('Studio Three');
    await expect.poll(nameOnReader, { timeout: 10_000, interval: 50 }).toBe('Studio Three');
  });
});
