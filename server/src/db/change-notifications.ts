/**
 * NOTIFY messages of the database's provider-change triggers (migration 0014), delivered to this
 * process (docs/decisions/0017-pushed-provider-changes.md). Two paths on PostgreSQL:
 * - every pool connection LISTENs, and takes the notifications of its own commits: PostgreSQL
 *   sends them before the COMMIT's answer, so this process knows of its own write before the
 *   write's request can answer;
 * - one dedicated connection takes everyone else's, a few milliseconds after their commit. While it
 *   is down, `live` is false (readers go to the database) and it reconnects every second.
 * PGlite is one session in this process: its notifications arrive before the commit returns.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Client as PgClient, ClientConfig } from 'pg';

export const CHANGES_CHANNEL = 'slotted_provider_changes';
/** The dedicated connection's name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'slotted-change-listener';
const RECONNECT_MS = 1000;

export interface ChangeSubscriber {
  /** A provider's public answers changed (the payload is their id). */
  changed(providerId: string): void;
  /** Notifications started or stopped flowing; anything missed while stopped is unknown. */
  live(isLive: boolean): void;
}

export interface ChangeSource {
  subscribe(subscriber: ChangeSubscriber): () => void;
  close(): Promise<void>;
}

class Subscribers {
  readonly all = new Set<ChangeSubscriber>();
  isLive = false;
  changed(providerId: string) {
    for (const s of this.all) s.changed(providerId);
  }
  setLive(isLive: boolean) {
    this.isLive = isLive;
    for (const s of this.all) s.live(isLive);
  }
  add(subscriber: ChangeSubscriber): () => void {
    this.all.add(subscriber);
    subscriber.live(this.isLive);
    return () => this.all.delete(subscriber);
  }
}

export async function pgliteChanges(client: PGlite): Promise<ChangeSource> {
  const subscribers = new Subscribers();
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => subscribers.changed(payload));
  subscribers.setLive(true);
  return {
    subscribe: (s) => subscribers.add(s),
    close: async () => {
      subscribers.setLive(false);
      await unlisten().catch(() => undefined);
    },
  };
}

/** The connection's server process id, which node-postgres keeps but does not declare on a pool's client. */
const backendPid = (client: object): number => Number(Reflect.get(client, 'processID'));

/**
 * `pool` is made with `Client`: its connections LISTEN as they open, before any query of the
 * pool, and pass on the notifications of their own commits.
 */
export function postgresChanges(
  pg: { Client: typeof PgClient },
  Base: typeof PgClient,
  connection: ClientConfig,
): { changes: ChangeSource; Client: typeof PgClient } {
  const subscribers = new Subscribers();
  const poolPids = new Set<number>();
  const Client = class extends Base {};
  const baseConnect = Base.prototype.connect as (this: PgClient) => Promise<PgClient>;
  // pg's connect has a promise and a callback form (the pool's); the wrapper serves both, so it is set, not overridden.
  Reflect.set(Client.prototype, 'connect', function (this: PgClient, callback?: (err: Error | null, client?: PgClient) => void) {
    const connected = baseConnect.call(this).then(async () => {
      const pid = backendPid(this);
      poolPids.add(pid);
      this.on('end', () => poolPids.delete(pid));
      this.on('notification', (m) => {
        if (m.processId === pid && m.payload) subscribers.changed(m.payload);
      });
      await this.query(`LISTEN ${CHANGES_CHANNEL}`);
      return this;
    });
    if (!callback) return connected;
    connected.then((client) => callback(null, client), callback);
  });

  let closed = false;
  let listener: PgClient | null = null;
  let timer: NodeJS.Timeout | null = null;
  const lost = () => {
    if (listener === null) return;
    listener.removeAllListeners('notification');
    listener.end().catch(() => undefined);
    listener = null;
    subscribers.setLive(false);
    reconnectLater();
  };
  const reconnectLater = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RECONNECT_MS);
    timer.unref();
  };
  async function connect() {
    const client = new pg.Client({ ...connection, application_name: LISTENER_APPLICATION_NAME });
    client.on('error', () => undefined); // 'end' follows and reports the loss
    try {
      await client.connect();
      client.on('notification', (m) => {
        // This process's own commits came through the connection that made them.
        if (m.payload && !poolPids.has(m.processId)) subscribers.changed(m.payload);
      });
      client.on('end', () => (listener === client ? lost() : undefined));
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (closed) return void client.end().catch(() => undefined);
      listener = client;
      subscribers.setLive(true);
    } catch {
      client.end().catch(() => undefined);
      reconnectLater();
    }
  }
  let started = false;
  const changes: ChangeSource = {
    subscribe(s) {
      if (!started) {
        started = true;
        void connect();
      }
      return subscribers.add(s);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = listener;
      listener = null;
      subscribers.setLive(false);
      await current?.end().catch(() => undefined);
    },
  };
  return { changes, Client };
}

/** A source that never goes live: every public answer is read from the database. */
export const noChanges: ChangeSource = {
  subscribe: () => () => undefined,
  close: async () => undefined,
};
