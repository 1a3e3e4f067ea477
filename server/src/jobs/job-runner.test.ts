import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../db/timeouts.ts';
import { TestClock } from '../../test/support/test-app.ts';
import { engine, freshDatabase } from '../../test/support/test-db.ts';
import { backoffMs, jobRunner, LEASE_MS, type JobRunner } from './job-runner.ts';
import { claimJob } from './jobs.queries.ts';
import { must } from '../../test/support/must.ts';

const quiet = { warn: () => undefined, error: () => undefined };
let database: Database & { url?: string };
let db: Db;
let clock: TestClock;
const runners: JobRunner[] = [];

function runner(on: Db = db): JobRunner {
  const r = jobRunner({ db: on, clock, log: quiet });
  runners.push(r);
  return r;
}
const rows = () => db.select().from(jobs).orderBy(asc(jobs.id));

beforeEach(async () => {
  database = await freshDatabase();
  db = database.db;
  clock = new TestClock();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await database.close();
});

describe('one-off jobs', () => {
  it('run once, only if the transaction that enqueued them committed, and are then gone', async () => {
    const r = runner();
    const done: string[] = [];
    r.register<{ name: string }>('greet', async ({ name }) => {
      done.push(name);
    });
    await db.transaction(async (tx) => r.enqueue(tx, 'greet', { name: 'kept' }));
    await expect(
      db.transaction(async (tx) => {
        await r.enqueue(tx, 'greet', { name: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0);
    expect(done).toEqual(['kept']);
    expect(await rows()).toEqual([]);
  });

  it('wait for their run_at on the injected clock', async () => {
    const r = runner();
    const done: number[] = [];
    r.register<number>('later', async (n) => {
      done.push(n);
    });
    await r.enqueue(db, 'later', 1, { runAt: new Date(clock.now().getTime() + 60 * 60_000) });
    expect(await r.runDue()).toBe(0);
    clock.advanceMinutes(59);
    expect(await r.runDue()).toBe(0);
    clock.advanceMinutes(1);
    expect(await r.runDue()).toBe(1);
    expect(done).toEqual([1]);
  });

  it('exist once per key', async () => {
    const r = runner();
    r.register('once', async () => undefined);
    await r.enqueue(db, 'once', { first: true }, { key: 'only-one' });
    await r.enqueue(db, 'once', { first: false }, { key: 'only-one' });
    expect((await rows()).map((j) => j.payload)).toEqual([{ first: true }]);
  });

  it('tell their kind when they give up, once, with their payload (a refund then owed by hand)', async () => {
    const r = runner();
    const gaveUp: unknown[] = [];
    r.register(
      'refund',
      async () => {
        throw new Error('Stripe said no');
      },
      { gaveUp: async (payload) => void gaveUp.push(payload) },
    );
    await r.enqueue(db, 'refund', { id: 'r1' }, { maxAttempts: 2 });
    await r.runDue();
    expect(gaveUp).toEqual([]);
    clock.advanceMinutes(backoffMs(1) / 60_000);
    await r.runDue();
    expect(gaveUp).toEqual([{ id: 'r1' }]);
    clock.advanceMinutes(24 * 60);
    await r.runDue();
    expect(gaveUp).toEqual([{ id: 'r1' }]);
    expect(await rows()).toMatchObject([{ failedAt: expect.any(Date) }]);
  });

  it('a keyed job that gave up starts over when asked for again; a pending one stays as it is', async () => {
    const r = runner();
    let fail = true;
    const done: string[] = [];
    r.register<{ n: number }>('sync', async ({ n }) => {
      if (fail) throw new Error('server down');
      done.push(`sync ${n}`);
    });
    await r.enqueue(db, 'sync', { n: 1 }, { key: 'sync:a', maxAttempts: 1 });
    await r.runDue();
    expect(await rows()).toMatchObject([{ failedAt: expect.any(Date) }]);

    fail = false;
    await r.enqueue(db, 'sync', { n: 2 }, { key: 'sync:a', maxAttempts: 1 });
    // A second ask while the first is pending changes nothing.
    await r.enqueue(db, 'sync', { n: 3 }, { key: 'sync:a', maxAttempts: 1 });
    expect(await r.runDue()).toBe(1);
    expect(done).toEqual(['sync 2']);
    expect(await rows()).toEqual([]);
  });

  it('back off exponentially after failures, and give up after their last attempt', async () => {
    const r = runner();
    let calls = 0;
    r.register('flaky', async () => {
      calls++;
      throw new Error(`SMTP said no (${calls})`);
    });
    await r.enqueue(db, 'flaky', {}, { maxAttempts: 3 });

    await r.runDue();
    expect(calls).toBe(1);
    const [first] = await rows();
    expect(first).toMatchObject({ attempts: 1, lastError: 'SMTP said no (1)', lockedUntil: null, failedAt: null });
    expect(must(first, 'first').runAt.getTime() - clock.now().getTime()).toBe(backoffMs(1));

    // Not before the backoff has passed; the wait doubles.
    clock.advanceMinutes(backoffMs(1) / 60_000 - 0.5);
    await r.runDue();
    expect(calls).toBe(1);
    clock.advanceMinutes(0.5);
    await r.runDue();
    expect(calls).toBe(2);
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    const [second] = await rows();
    expect(must(second, 'second').runAt.getTime() - clock.now().getTime()).toBe(backoffMs(2));

    clock.advanceMinutes(backoffMs(2) / 60_000);
    await r.runDue();
    expect(calls).toBe(3);
    const [dead] = await rows();
    expect(dead).toMatchObject({ attempts: 3, lastError: 'SMTP said no (3)', failedAt: clock.now() });
    clock.advanceMinutes(24 * 60);
    expect(await r.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('are taken over by another process when the one that claimed them died', async () => {
    const r = runner();
    const done: string[] = [];
    r.register<string>('resume', async (p) => {
      done.push(p);
    });
    await r.enqueue(db, 'resume', 'job');
    // A process claims the job and dies before finishing it: only its lease remains.
    const now = clock.now();
    expect(await claimJob(db, ['resume'], now, new Date(now.getTime() + LEASE_MS))).not.toBeNull();

    expect(await r.runDue()).toBe(0);
    clock.advanceMinutes(LEASE_MS / 60_000);
    expect(await r.runDue()).toBe(1);
    expect(done).toEqual(['job']);
    expect(await rows()).toEqual([]);
  });

  it('are left alone by processes that do not handle their kind', async () => {
    const r = runner();
    await r.enqueue(db, 'from-a-newer-version', {});
    expect(await r.runDue()).toBe(0);
    expect(await rows()).toHaveLength(1);
  });
});

describe('periodic jobs', () => {
  it('keep one row however many processes schedule them, and reschedule themselves', async () => {
    const a = runner();
    const b = runner();
    let runs = 0;
    for (const r of [a, b]) {
      r.register(
        'tidy',
        async () => {
          runs++;
        },
        { everyMs: 10 * 60_000 },
      );
    }
    await Promise.all([a.schedulePeriodic(), b.schedulePeriodic()]);
    expect(await rows()).toHaveLength(1);

    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    clock.advanceMinutes(9);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(1);
    clock.advanceMinutes(1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
    await a.schedulePeriodic();
    expect(await rows()).toEqual([
      expect.objectContaining({ kind: 'tidy', key: 'tidy', attempts: 0, runAt: new Date(clock.now().getTime() + 10 * 60_000) }),
    ]);
  });

  it('never give up: a failure is retried, within the period', async () => {
    const r = runner();
    let calls = 0;
    r.register(
      'tidy',
      async () => {
        calls++;
        if (calls <= 12) throw new Error('database busy');
      },
      { everyMs: 10 * 60_000 },
    );
    await r.schedulePeriodic();
    for (let i = 0; i < 12; i++) {
      await r.runDue();
      clock.advanceMinutes(10);
    }
    expect(calls).toBe(12);
    await r.runDue();
    expect(calls).toBe(13);
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 0, lastError: null, failedAt: null })]);
  });
});

describe('the polling loop', () => {
  it('runs a job enqueued in this process at once when woken, without waiting for the next poll', async () => {
    const r = runner();
    let ran: () => void = () => {}; // set at once: a Promise runs its executor synchronously
    const done = new Promise<void>((resolve) => (ran = resolve));
    r.register('now', async () => ran());
    await r.start({ pollMs: 60 * 60_000 });
    await r.enqueue(db, 'now', {});
    r.wake();
    await done;
    await r.stop();
    expect(await rows()).toEqual([]);
  });

  it('leaves a database outage to the health monitor instead of logging it at every poll', async () => {
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const unreachable = new Proxy(
      {},
      {
        get: () => {
          throw outage;
        },
      },
    ) as Db;
    const logged: string[] = [];
    const noted: unknown[] = [];
    const r = jobRunner({
      db: unreachable,
      clock,
      log: { warn: () => undefined, error: (_o, msg) => logged.push(msg) },
      databaseFailed: (err) => noted.push(err) > 0,
    });
    r.register('mail', async () => undefined);
    await r.start({ pollMs: 1 });
    await expect.poll(() => noted.length).toBeGreaterThan(2);
    await r.stop();
    expect(noted.every((err) => err === outage)).toBe(true);
    expect(logged).toEqual([]);
  });
});

describe(`two processes racing on ${engine}`, () => {
  it('do every job exactly once', async () => {
    // On PostgreSQL each runner has its own connection pool, like two app processes.
    const second =
      engine === 'postgres'
        ? await openDatabase({
            kind: 'postgres',
            url: must(database.url, 'database.url'),
            poolSize: 4,
            timeouts: DEFAULT_DATABASE_TIMEOUTS,
          })
        : null;
    try {
      const a = runner();
      const b = runner(second?.db ?? db);
      const seen = new Map<number, string[]>();
      for (const [name, r] of [
        ['a', a],
        ['b', b],
      ] as const) {
        r.register<number>('count', async (n) => {
          seen.set(n, [...(seen.get(n) ?? []), name]);
          await new Promise((resolve) => setImmediate(resolve));
        });
      }
      const N = 300;
      await db.transaction(async (tx) => {
        for (let n = 0; n < N; n++) await a.enqueue(tx, 'count', n);
      });
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(ranA + ranB).toBe(N);
      expect(seen.size).toBe(N);
      expect([...seen.values()].filter((by) => by.length !== 1)).toEqual([]);
      expect(await rows()).toEqual([]);
    } finally {
      await second?.close();
    }
  });
});
