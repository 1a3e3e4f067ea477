/**
 * Durable background jobs (docs/architecture.md#background-jobs-and-e-mail).
 * Jobs are rows: `enqueue` writes one in the caller's transaction, so it exists exactly when the
 * change that asked for it commits. A runner claims due jobs one at a time with a lease, runs the
 * handler with no transaction open (PGlite has one connection), then deletes the job, or puts it
 * back with exponential backoff when the handler threw. A process that dies mid-job leaves only a
 * lease, which expires so another process takes the job over.
 */
import type { Db, Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { claimJob, deleteJob, failJob, insertJob, rescheduleJob, type JobRow } from './jobs.queries.ts';

/** How long a claimed job is ours: handlers must finish well within it (mail sends time out sooner). */
export const LEASE_MS = 5 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 30 * 60_000;

/** Wait before the next try after the `attempts`-th failed one: 30 s, 1 min, 2 min, … up to 30 min. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
}

export type JobHandler<P> = (payload: P) => Promise<void>;

export interface RegisterOptions<P> {
  /** Periodic: one row (keyed by kind) that reschedules itself every `everyMs` and never gives up. */
  everyMs?: number;
  /**
   * Runs once when a job of this kind gave up after its last attempt (it is kept with `failed_at`),
   * so its owner can record that what it was to do will not happen — e.g. a card refund that is
   * then owed by hand (docs/product-rules.md#cancellation-and-refunds).
   */
  gaveUp?: JobHandler<P>;
}

export interface JobLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EnqueueOptions {
  /** When it may run; now by default. */
  runAt?: Date;
  /** Jobs that must exist once: a second enqueue with the same key does nothing (unless the first gave up: it starts over). */
  key?: string;
  maxAttempts?: number;
}

export interface JobRunner {
  /** Handles jobs of `kind`. With `everyMs`, it is periodic: one row (keyed by kind) that reschedules itself. */
  register<P>(kind: string, handler: JobHandler<P>, opts?: RegisterOptions<P>): void;
  /** Adds a job in `tx`: it runs only if that transaction commits. */
  enqueue(tx: Db | Tx, kind: string, payload: unknown, opts?: EnqueueOptions): Promise<void>;
  /** Runs jobs due now, one after another, until none is left; resolves to how many ran. */
  runDue(): Promise<number>;
  /** Creates the periodic jobs' rows if they do not exist yet (any number of processes may call it). */
  schedulePeriodic(): Promise<void>;
  /** Schedules the periodic jobs and polls every `pollMs` until stopped. */
  start(opts?: { pollMs?: number }): Promise<void>;
  /** Runs due jobs now instead of at the next poll: call after the transaction that enqueued commits. */
  wake(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
}

export interface JobRunnerDeps {
  db: Db;
  clock: Clock;
  log: JobLog;
  /**
   * Notes a failed database call and says whether it is an outage, which the database's health
   * monitor reports once (db/database-health.ts): the poll then stays quiet instead of logging
   * the same outage every second.
   */
  databaseFailed?(err: unknown): boolean;
}

export function jobRunner(deps: JobRunnerDeps): JobRunner {
  const { db, clock, log } = deps;
  const handlers = new Map<string, { handle: JobHandler<unknown>; everyMs?: number; gaveUp?: JobHandler<unknown> }>();
  let queue: Promise<unknown> = Promise.resolve();
  let polling: Promise<void> | null = null;
  let stopped = true;
  let woken = false;
  let interrupt: (() => void) | null = null;

  /** The handler of a claimed job: only the kinds with handlers are claimed. */
  function handlerOf(job: JobRow) {
    const handler = handlers.get(job.kind);
    if (!handler) throw new Error(`Job ${job.id} of kind ${job.kind} was claimed without a handler`);
    return handler;
  }

  async function finish(job: JobRow, error: unknown): Promise<void> {
    const { everyMs, gaveUp } = handlerOf(job);
    const now = clock.now();
    if (error === null) {
      if (everyMs === undefined) await deleteJob(db, job);
      else await rescheduleJob(db, job, { runAt: new Date(now.getTime() + everyMs), attempts: 0, lastError: null });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    log.warn({ err: error, job: { id: job.id, kind: job.kind, attempts: job.attempts } }, 'job failed');
    if (everyMs === undefined && job.attempts >= job.maxAttempts) {
      log.error({ job: { id: job.id, kind: job.kind } }, 'job gave up after its last attempt');
      await failJob(db, job, now, message);
      try {
        await gaveUp?.(job.payload);
      } catch (err) {
        log.error({ err, job: { id: job.id, kind: job.kind } }, 'could not record that a job gave up');
      }
      return;
    }
    // A periodic job never gives up, and never waits longer than its period.
    const wait = Math.min(backoffMs(job.attempts), everyMs ?? Infinity);
    await rescheduleJob(db, job, { runAt: new Date(now.getTime() + wait), lastError: message });
  }

  async function runOne(): Promise<boolean> {
    const now = clock.now();
    const job = await claimJob(db, [...handlers.keys()], now, new Date(now.getTime() + LEASE_MS));
    if (!job) return false;
    let error: unknown = null;
    try {
      await handlerOf(job).handle(job.payload);
    } catch (err) {
      error = err ?? new Error('job failed');
    }
    await finish(job, error);
    return true;
  }

  function runDue(): Promise<number> {
    // One pass at a time per process: a test's drain waits for a pass already under way.
    const pass = queue.then(async () => {
      let ran = 0;
      while (handlers.size > 0 && (await runOne())) ran++;
      return ran;
    });
    queue = pass.catch(() => undefined);
    return pass;
  }

  async function poll(pollMs: number): Promise<void> {
    while (!stopped) {
      woken = false;
      try {
        await runDue();
      } catch (err) {
        if (!deps.databaseFailed?.(err)) log.error({ err }, 'could not run background jobs');
      }
      if (stopped || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interrupt = null;
    }
  }

  async function enqueue(tx: Db | Tx, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<void> {
    const now = clock.now();
    await insertJob(tx, {
      kind,
      payload,
      runAt: opts.runAt ?? now,
      key: opts.key,
      maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      createdAt: now,
    });
  }

  async function schedulePeriodic(): Promise<void> {
    for (const [kind, h] of handlers) {
      if (h.everyMs !== undefined) await enqueue(db, kind, {}, { key: kind });
    }
  }

  return {
    register(kind, handler, opts = {}) {
      handlers.set(kind, {
        handle: handler as JobHandler<unknown>,
        everyMs: opts.everyMs,
        gaveUp: opts.gaveUp as JobHandler<unknown> | undefined,
      });
    },

    enqueue,
    runDue,
    schedulePeriodic,

    async start(opts = {}) {
      if (!stopped) return;
      await schedulePeriodic();
      stopped = false;
      polling = poll(opts.pollMs ?? 1000);
    },

    wake() {
      woken = true;
      interrupt?.();
    },

    async stop() {
      stopped = true;
      interrupt?.();
      await polling;
      await queue;
    },
  };
}
