/**
 * Whether the database answers, as the API and the orchestrator see it. An outage is logged
 * once when it starts and once when it ends, however many requests fail in between, and while
 * it lasts the database is asked again every few seconds so the recovery is noticed (and logged)
 * even when no orchestrator polls /ready.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, rowsOf, type Db } from './client.ts';
import { isDatabaseUnavailable } from '../lib/pg-errors.ts';

/** What a 503 asks clients to wait, and how often an outage is checked again. */
export const RETRY_AFTER_SECONDS = 5;

export type Readiness = { ready: true } | { ready: false; reason: 'database_unreachable' | 'migrations_pending' };

export interface DatabaseHealth {
  /** Notes a failed database call; true when it means the database is unavailable (an outage). */
  failed(err: unknown): boolean;
  /** Asks the database whether it answers and has every migration this code knows. */
  readiness(): Promise<Readiness>;
  stop(): void;
}

export function databaseHealth(deps: {
  db: Db;
  log: FastifyBaseLogger;
  onConnectionError?: (listener: (err: Error) => void) => void;
}): DatabaseHealth {
  const { db, log } = deps;
  // Drizzle applies every migration newer than the newest row of its table: the same rule here.
  const newestMigration = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  let down = false;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const checkLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      readiness().catch(() => undefined);
    }, RETRY_AFTER_SECONDS * 1000);
    retry.unref();
  };

  const failed = (err: unknown): boolean => {
    if (!isDatabaseUnavailable(err)) return false;
    if (!down) {
      down = true;
      log.error({ err }, 'database unavailable');
    }
    checkLater();
    return true;
  };

  const answered = () => {
    if (!down) return;
    down = false;
    // warn, not info: it closes an error-level episode and must show wherever that one did.
    log.warn('database reachable again');
  };

  async function readiness(): Promise<Readiness> {
    let newestApplied: number;
    try {
      const [row] = rowsOf(await db.execute(sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`));
      newestApplied = Number(row?.newest ?? 0);
    } catch (err) {
      if (failed(err)) return { ready: false, reason: 'database_unreachable' };
      answered(); // an SQL error is still an answer
      throw err;
    }
    answered();
    return newestApplied >= newestMigration ? { ready: true } : { ready: false, reason: 'migrations_pending' };
  }

  // Idle pooled connections that break tell of an outage before any request does.
  deps.onConnectionError?.((err) => {
    if (!failed(err)) log.warn({ err }, 'database connection error');
  });

  return {
    failed,
    readiness,
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
    },
  };
}
