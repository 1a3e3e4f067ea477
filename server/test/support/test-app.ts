/**
 * Builds a real app on a fresh database, with a clock the test can move and the development
 * outbox as mailer (a real Mailer of the product; SMTP itself is covered by smtp.test.ts and e2e).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import { devOutboxMailer, type DevOutbox } from '../../src/mail/mailer.ts';
import { dropTemplates, freshDatabase } from './test-db.ts';
import { Agent } from './agent.ts';

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

export function testConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:3000',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
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

export async function createTestApp(opts: { env?: Record<string, string>; now?: Date } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const clock = new TestClock(opts.now);
  const outbox = devOutboxMailer(() => undefined);
  const config = testConfig(opts.env);
  const app = await buildApp({ config, db: database.db, clock, mailer: outbox, outbox });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    outbox,
    config,
    agent: (o) => new Agent(app, o?.ip),
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
  return match[1]!;
}
