/**
 * What a supervisor (systemd, a container runtime) sees: SIGTERM to the process `npm start`
 * started stops the whole app — the request in flight is answered, the process exits 0 and the
 * port is free — instead of leaving the server running on its own. Runs the README's `npm start`
 * (which builds the web app and the server first when they are not built), on PGlite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from './support/test-db.ts';
import { freePort } from './support/app-process.ts';
import { must } from './support/must.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'slotted-stop-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Resolves when `check` is true, polling; rejects after `ms` (a generous bound, not a measurement). */
async function eventually(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** Everything the server writes on `socket` until it closes the connection, and what it has written so far. */
function answerOf(socket: Socket) {
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  const answer = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });
  return { answer, seen: () => text };
}

// One engine is enough: what is tested is the process, not the database.
describe.runIf(engine === 'pglite')('stopping the app started with npm start', () => {
  it('answers the request in flight, exits 0 and frees the port on SIGTERM', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const { DATABASE_URL: _onPglite, ...inherited } = process.env;
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { ...inherited, PORT: String(port), APP_URL: appUrl, DATA_DIR: dataDir, NODE_ENV: 'development', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    must(npm.stdout, 'npm.stdout').on('data', (d: Buffer) => (output += d.toString()));
    must(npm.stderr, 'npm.stderr').on('data', (d: Buffer) => (output += d.toString()));
    const exit = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      await eventually('the app to start', () => output.includes('Slotted is running') || npm.exitCode !== null, 240_000);
      expect(output).toContain('Slotted is running');

      // A sign-in request whose body has only half arrived when the signal comes.
      const csrf = await fetch(`${appUrl}/sanctum/csrf-cookie`);
      const cookie = must(csrf.headers.getSetCookie()[0], 'the XSRF cookie').split(';')[0] ?? '';
      const body = JSON.stringify({ email: 'late@example.com' });
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const { answer, seen } = answerOf(socket);
      socket.write(
        [
          'POST /api/login HTTP/1.1',
          `Host: localhost:${port}`,
          `Origin: ${appUrl}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `Cookie: ${cookie}`,
          `X-XSRF-TOKEN: ${decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))}`,
          'Connection: close',
          // The server answers "100 Continue" as it hands the request to the app: only then is the
          // request in flight. A signal that comes before the server has read the headers (a busy
          // machine) rightly gets 503 and "Connection: close", like any request after it.
          'Expect: 100-continue',
          '',
          body.slice(0, 10),
        ].join('\r\n'),
      );
      await eventually('the server to take the request', () => seen().startsWith('HTTP/1.1 100 Continue'), 30_000);

      npm.kill('SIGTERM');
      // Shutting down: no new connections are taken…
      await eventually('the app to stop listening', () => refused(port), 30_000);
      // …and the request already under way is still answered.
      socket.write(body.slice(10));
      const final = (await answer).split('\r\n\r\n').find((part) => !part.startsWith('HTTP/1.1 100'));
      expect(final?.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');

      expect(await exit).toBe(0);
      expect(await portFree(port)).toBe(true);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  });
});
