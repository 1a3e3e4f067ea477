/**
 * Counts the statements an app sends to its database, at the driver, so BEGIN, COMMIT and
 * ROLLBACK count like any other round trip: on PostgreSQL every query of the pool's connections,
 * on PGlite every Query or Parse message the instance executes (a transaction's included).
 */
import type { Database } from '../server/src/db/client.ts';
import { must } from '../server/test/support/must.ts';

export interface StatementCounter {
  /** Statements sent since the counter was made. */
  readonly count: number;
  /** Their texts, in order (for a closer look at one request). */
  readonly texts: readonly string[];
}

type Fn = (...args: unknown[]) => unknown;

/** Call right after opening `database`, before its pool has opened a connection. */
export function countStatements(database: Database): StatementCounter {
  const texts: string[] = [];
  // Drizzle keeps the driver's client as `$client`, which the shared database type does not show.
  const client: unknown = Reflect.get(database.db, '$client');
  if (database.engine === 'postgres') {
    const pool = client as { on(event: 'connect', listener: (c: { query: Fn }) => void): void };
    pool.on('connect', (connection) => {
      const query = connection.query.bind(connection);
      connection.query = (...args) => {
        const statement = args[0];
        texts.push(typeof statement === 'string' ? statement : String((statement as { text?: string }).text));
        return query(...args);
      };
    });
  } else {
    // Every statement PGlite runs, inside a transaction or not, starts with one protocol message:
    // Query ('Q', a simple exec such as BEGIN) or Parse ('P', a query with parameters).
    const pglite = client as { execProtocolStream: Fn };
    const exec = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = (...args) => {
      const message = args[0] as Uint8Array;
      const text = statementText(message);
      if (text !== null) texts.push(text);
      return exec(...args);
    };
  }
  return {
    get count() {
      return texts.length;
    },
    texts,
  };
}

/** The SQL of a Query or Parse message (type byte, int32 length, then C strings); null for others. */
function statementText(message: Uint8Array): string | null {
  const type = String.fromCharCode(must(message[0], 'message[0]'));
  if (type !== 'Q' && type !== 'P') return null;
  let start = 5;
  // A Parse message names its prepared statement first.
  if (type === 'P') start = message.indexOf(0, start) + 1;
  return new TextDecoder().decode(message.subarray(start, message.indexOf(0, start)));
}
