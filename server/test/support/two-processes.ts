/**
 * Two app processes on one fresh PostgreSQL database, both running background jobs: how the race
 * tests prove an invariant holds across processes (PGlite runs one process, so they skip it).
 */
import type { Db } from '../../src/db/client.ts';
import { startApp, type RunningApp } from './app-process.ts';
import { must } from './must.ts';
import { bookingHeaders, type RaceClient } from './race-fixture.ts';
import { freshDatabase } from './test-db.ts';

/** The session secret of the race fixtures' clients (race-fixture.ts signs their cookies with it). */
export const RACE_SECRET = 'race-secret-race-secret-race-secret-0123';

export interface TwoProcesses {
  /** The shared database, to arrange data and read the outcome. */
  db: Db;
  /** POSTs `body` (as JSON) to `path` as `client`, through process `app % 2`. */
  post(app: number, client: RaceClient, path: string, body?: object): Promise<Response>;
  /** Stops both processes, then closes the database. */
  close(): Promise<void>;
}

/**
 * Makes the database, lets `prepare` fill it (what the processes must find at start-up), then
 * starts both processes with `env` over the defaults (no demo, the race secret, no per-address
 * booking limit: every simulated client comes from this machine's one address).
 */
export async function twoProcesses(
  opts: { env?: Record<string, string>; prepare?: (db: Db) => Promise<void> } = {},
): Promise<TwoProcesses> {
  const database = await freshDatabase({ poolSize: 4 });
  let apps: RunningApp[] = [];
  try {
    await opts.prepare?.(database.db);
    const env = {
      DATABASE_URL: must(database.url, 'the database URL'),
      SESSION_SECRET: RACE_SECRET,
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      BOOKING_LIMIT_PER_IP: '100000',
      ...opts.env,
    };
    const started = await Promise.allSettled([startApp(env), startApp(env)]);
    apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  } catch (error) {
    await Promise.all(apps.map((a) => a.stop()));
    await database.close();
    throw error;
  }
  return {
    db: database.db,
    post: (app, client, path, body) =>
      fetch(`${must(apps[app % 2], 'the app process').url}${path}`, {
        method: 'POST',
        headers: bookingHeaders(client),
        body: JSON.stringify(body ?? {}),
      }),
    async close() {
      await Promise.all(apps.map((a) => a.stop()));
      await database.close();
    },
  };
}
