/**
 * A TCP proxy on the loopback interface in front of the test PostgreSQL server, so tests can take
 * "the database" away without touching the shared server:
 * - `frozen`: like a server stopped with SIGSTOP — connections are accepted and bytes are taken
 *   in, but nothing is forwarded either way (and nothing is closed) until it is healthy again;
 * - `down`: every connection is closed and new ones are refused (nothing listens on the port).
 */
import { connect, createServer, type Socket } from 'node:net';

export type ProxyMode = 'healthy' | 'frozen' | 'down';

export interface PgProxy {
  /** `url` (a database on the real server) reached through the proxy instead. */
  via(url: string): string;
  set(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startPgProxy(upstream: { host: string; port: number }): Promise<PgProxy> {
  let mode: ProxyMode = 'healthy';
  const connections = new Set<{ client: Socket; server: Socket | null }>();
  // While frozen, everything the proxy would do waits here, in order.
  let held: (() => void)[] = [];
  const act = (action: () => void) => (mode === 'frozen' ? held.push(action) : action());

  const proxy = createServer((client) => {
    const c: { client: Socket; server: Socket | null } = { client, server: null };
    connections.add(c);
    const toServer = () => {
      if (!c.server) {
        const server = connect(upstream.port, upstream.host);
        c.server = server;
        server.on('data', (chunk) => act(() => client.write(chunk)));
        server.on('close', () => act(() => client.destroy()));
        server.on('error', () => undefined);
      }
      return c.server;
    };
    act(toServer);
    client.on('data', (chunk) => act(() => toServer().write(chunk)));
    client.on('close', () => {
      connections.delete(c);
      c.server?.destroy();
    });
    client.on('error', () => undefined);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      proxy.once('error', reject);
      proxy.listen(port, '127.0.0.1', () => {
        proxy.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => proxy.close(() => resolve()));
  const dropAll = () => {
    held = [];
    for (const c of connections) {
      c.client.destroy();
      c.server?.destroy();
    }
  };

  await listen(0);
  const { port } = proxy.address() as { port: number };

  return {
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async set(next) {
      const previous = mode;
      mode = next;
      if (next === 'down') {
        dropAll();
        if (previous !== 'down') await stopListening();
        return;
      }
      if (previous === 'down') await listen(port);
      if (next === 'healthy') {
        const waiting = held;
        held = [];
        for (const action of waiting) action();
      }
    },
    async close() {
      dropAll();
      if (mode !== 'down') await stopListening();
    },
  };
}
