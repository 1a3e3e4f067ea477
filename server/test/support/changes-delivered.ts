/**
 * Waits until every change notification committed so far has reached `to` (another pool on the
 * same PostgreSQL database: another process, as far as notifications go). PostgreSQL delivers
 * notifications in commit order, so a marker sent now arrives after all of them. On one shared
 * PGlite or pool they arrive with the commit: nothing to wait for.
 *
 * The marker is sent again until it arrives: one sent while `to`'s listening connection is
 * (re)connecting is lost, and `to` then treats everything as changed anyway (decision 0017).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL } from '../../src/db/change-notifications.ts';
import type { Database } from '../../src/db/client.ts';

export async function changesDelivered(from: Database, to: Database): Promise<void> {
  if (from === to || from.engine === 'pglite') return;
  const marker = `marker-${randomBytes(6).toString('hex')}`;
  let unsubscribe = () => undefined as unknown;
  const arrived = new Promise<void>((resolve) => {
    unsubscribe = to.changes.subscribe({ changed: (payload) => payload === marker && resolve(), live: () => undefined });
  });
  let waiting = true;
  void arrived.then(() => (waiting = false));
  try {
    while (waiting) {
      await from.db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${marker})`);
      await Promise.race([arrived, new Promise((r) => setTimeout(r, 500))]);
    }
  } finally {
    unsubscribe();
  }
}

/** Resolves when `database`'s notifications stop (`false`) or flow again (`true`). */
export function changesLive(database: Database, isLive: boolean): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = database.changes.subscribe({
      changed: () => undefined,
      live: (now) => {
        if (now === isLive) {
          queueMicrotask(() => unsubscribe());
          resolve();
        }
      },
    });
  });
}
