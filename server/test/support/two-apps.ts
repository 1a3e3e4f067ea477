/**
 * Two app instances on one fresh database, as two processes of one deployment see it: on
 * PostgreSQL each has its own connection pool (and its own change listener); on PGlite, which one
 * process owns, they share the instance.
 */
import { openDatabase, type Database } from '../../src/db/client.ts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../../src/db/timeouts.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { freshDatabase } from './test-db.ts';

export interface TwoApps {
  /** The database, as the first instance (`writer`) uses it. */
  database: Database & { url?: string };
  /** The instance the provider uses. */
  writer: TestApp;
  /** Another instance on the same database, that a visitor or client uses. */
  reader: TestApp;
  /** The database as `reader` uses it (its own pool on PostgreSQL). */
  readerDatabase: Database;
  close(): Promise<void>;
}

export async function twoApps(): Promise<TwoApps> {
  const database = await freshDatabase();
  const kept = { ...database, close: async () => undefined }; // closed once, by close()
  const writer = await createTestApp({ database: kept });
  const readerDatabase = database.url
    ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2, timeouts: DEFAULT_DATABASE_TIMEOUTS })
    : kept;
  const reader = await createTestApp({ database: readerDatabase });
  return {
    database,
    writer,
    reader,
    readerDatabase,
    close: async () => {
      await reader.close();
      await writer.close();
      await database.close();
    },
  };
}
