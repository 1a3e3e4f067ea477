/**
 * Builds a real app on a fresh database, with a clock the test can move and the development
 * outbox as mailer (a real Mailer of the product; SMTP itself is covered by mailer.test.ts,
 * mail-outbox.test.ts and e2e). Background jobs do not poll: each agent request is followed by a
 * run of the jobs due then, so the e-mails it queued are in the outbox when it returns.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database, Db } from '../../src/db/client.ts';
import { devOutboxMailer, type DevOutbox, type Mailer } from '../../src/mail/mailer.ts';
import { isDatabaseUnavailable } from '../../src/lib/pg-errors.ts';
import { dropTemplates, freshDatabase } from './test-db.ts';
import { Agent } from './agent.ts';
import { must } from './must.ts';

export class TestClock {
  constructor(private current = new Date('2026-11-23T09:00:00Z')) {}
  now = () => new Date(this.current);
  advanceMinutes(m: number) {
    this.current = new Date(this.current.getTime() + m * 60_000);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  outbox: DevOutbox;
  config: Config;
  agent(opts?: { ip?: string }): Agent;
  close(): Promise<void>;
}

/** The tests' key for sealed calendar passwords (every process of a test must share it). */
export const TEST_CALENDAR_KEY = Buffer.alloc(32, 7).toString('base64');

export function testConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:3000',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      CALENDAR_ENCRYPTION_KEY: TEST_CALENDAR_KEY,
      DATA_DIR: '/tmp/slotted-test-data',
      SEED_DEMO: 'false',
      ...env,
    }),
    webDist: '/nonexistent',
  };
}

afterAll(async () => {
  await dropTemplates();
});

/**
 * `database` replaces the fresh one (the app closes it); `logger` turns logging on; `mailer`
 * replaces the dev outbox; `webDist` is a folder with the built web app's index.html, for tests of
 * what pages answer.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; now?: Date; mailer?: Mailer; database?: Database; logger?: object; webDist?: string } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await freshDatabase());
  const clock = new TestClock(opts.now);
  const outbox = devOutboxMailer(() => undefined);
  const config = { ...testConfig(opts.env), ...(opts.webDist ? { webDist: opts.webDist } : {}) };
  const app = await buildApp({
    config,
    db: database.db,
    onConnectionError: database.onConnectionError,
    changes: database.changes,
    clock,
    mailer: opts.mailer ?? outbox,
    outbox: opts.mailer ? undefined : outbox,
    logger: opts.logger,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    outbox,
    config,
    // In a simulated outage the jobs cannot run either: they run after a later request instead.
    agent: (o) =>
      new Agent(app, o?.ip, () =>
        app.jobs.runDue().catch((err: unknown) => {
          if (!isDatabaseUnavailable(err)) throw err;
        }),
      ),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The magic-link token of the newest e-mail sent to `email`. */
export function lastLinkToken(outbox: DevOutbox, email: string): string {
  const mail = outbox.list().find((m) => m.to === email);
  const match = mail?.text.match(/\/magic-link\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`no magic link e-mailed to ${email}`);
  return must(match[1], 'match[1]');
}
