/**
 * Starts the app as `npm start` does (the compiled server, server/dist/main.js, on the built web
 * app; both built first when stale) in a child process, on a free port, for benchmarks that look
 * at it from outside: a browser, or the process's memory.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** An existing data folder (kept on stop): the app restarted on data it made before. */
  dataDir?: string;
  /** Run server/src/main.ts through the tsx loader, as `npm start` did before issue 26. */
  fromSource?: boolean;
}

/**
 * The app with the demo studio, on PGlite in a scratch data folder unless `env.DATABASE_URL`
 * is given. Resolves once /health answers.
 */
export async function startApp(env: Record<string, string> = {}, options: StartOptions = {}): Promise<AppProcess> {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'slotted-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const args = options.fromSource ? ['--import', 'tsx', 'server/src/main.ts'] : ['server/dist/main.js'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before answering`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the app did not answer /health within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
