/**
 * Where the server's memory goes (issues 13 and 26): resident memory (RSS) of the app at idle and
 * after 200 public requests, on PGlite (the embedded default) and on PostgreSQL, as `npm start`
 * runs it (compiled JavaScript, production settings) and as it ran before issue 26 (TypeScript
 * through tsx), against a bare Node process and one with the TypeScript loader, started in the
 * same run; and PGlite alone — its floor — with the app's settings and others. "Restarted" is the
 * app started again on the data folder it made: a first start on an empty folder also runs
 * PostgreSQL's initdb inside PGlite, whose memory stays with the process. Read from
 * /proc/<pid>/status (Linux). Nothing asserted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApp, type StartOptions } from './app-process.ts';
import { must } from '../server/test/support/must.ts';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** VmRSS and, of it, anonymous memory (heaps, WASM), in MB. */
function residentOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon') };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

/** A Node process running `args`, measured once it is idle. */
async function idleProcess(args: string[]) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  await settle();
  const memory = residentOf(must(child.pid, 'child.pid'));
  child.kill();
  return memory;
}

/** What `NODE_ENV=production` requires; nothing is sent, so the SMTP server need not exist. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  CALENDAR_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

/** Idle 3 s after start, then after 200 public requests (profile and slots). */
async function appOn(label: string, env: Record<string, string>, options: StartOptions = {}) {
  const app = await startApp({ ...PRODUCTION, ...env }, options);
  try {
    await settle();
    const idle = residentOf(must(app.child.pid, 'app.child.pid'));
    const profile = (await (await fetch(`${app.url}/api/profile/demo`)).json()) as { data: { services: { id: number }[] } };
    for (let i = 0; i < 100; i++) {
      await fetch(`${app.url}/api/profile/demo`).then((r) => r.arrayBuffer());
      await fetch(
        `${app.url}/api/services/${must(profile.data.services[i % profile.data.services.length], 'profile.data.services[i % profile.data.services.length]').id}/slots?timezone=Europe/Madrid`,
      ).then((r) => r.arrayBuffer());
    }
    await settle();
    return { label, idle, busy: residentOf(must(app.child.pid, 'app.child.pid')) };
  } finally {
    await app.stop();
  }
}

/** PGlite on its own (with btree_gist, as the app opens it) in `dir`, after creating a table and reading it. */
const PGLITE_ALONE = (dir: string, options: string) => `
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const db = await PGlite.create(${JSON.stringify(dir)}, { extensions: { btree_gist }, ${options} });
  await db.exec('CREATE TABLE IF NOT EXISTS t (id int primary key, v text); INSERT INTO t SELECT g, repeat(\\'x\\', 100) FROM generate_series(1, 20000) g ON CONFLICT DO NOTHING;');
  await db.query('SELECT count(*) FROM t');
  console.log('ready');
  setInterval(() => {}, 1000);`;
/** The app's settings (server/src/db/client.ts). */
const APP_PGLITE = "postgresqlconf: ['shared_buffers = 16MB']";
const pgliteDir = mkdtempSync(path.join(tmpdir(), 'slotted-memory-pglite-'));
const pglite = (options: string) => idleProcess(['--input-type=module', '-e', PGLITE_ALONE(pgliteDir, options)]);

const node = await idleProcess(['-e', "console.log('ready'); setInterval(() => {}, 1000)"]);
const tsx = await idleProcess(['--import', 'tsx', '-e', "console.log('ready'); setInterval(() => {}, 1000)"]);
const pgliteFirst = await pglite(APP_PGLITE);
const pgliteDefault = await pglite('');
const pgliteApp = await pglite(APP_PGLITE);
const pgliteTiny = await pglite(
  "postgresqlconf: ['shared_buffers = 1MB', 'work_mem = 1MB', 'maintenance_work_mem = 1MB', 'temp_buffers = 1MB', 'wal_buffers = 64kB']",
);
rmSync(pgliteDir, { recursive: true, force: true });

// A scratch database on the PostgreSQL server, dropped afterwards.
const scratch = `slotted_memory_${process.pid}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
const scratchUrl = new URL(pgUrl);
scratchUrl.pathname = `/${scratch}`;
const appDir = mkdtempSync(path.join(tmpdir(), 'slotted-memory-app-'));
let apps;
try {
  const first = await appOn('app on PGlite, first start', {}, { dataDir: appDir });
  apps = [
    first,
    await appOn('app on PGlite, restarted', {}, { dataDir: appDir }),
    await appOn('app on PGlite, restarted, tsx (before)', {}, { dataDir: appDir, fromSource: true }),
    await appOn('app on PostgreSQL, first start', { DATABASE_URL: scratchUrl.toString() }),
    await appOn('app on PostgreSQL, restarted', { DATABASE_URL: scratchUrl.toString() }),
    await appOn('app on PostgreSQL, restarted, tsx (before)', { DATABASE_URL: scratchUrl.toString() }, { fromSource: true }),
  ];
} finally {
  rmSync(appDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}

const row = (label: string, m: { rss: number; anon: number }, note = '') =>
  console.log(`${label.padEnd(48)}${m.rss.toFixed(0).padStart(8)}${m.anon.toFixed(0).padStart(8)}   ${note}`);
console.log(`Resident memory in MB (RSS, and of it anonymous: heaps and WASM), idle 3 s after start.\n`);
console.log(`${'process'.padEnd(48)}${'RSS'.padStart(8)}${'anon'.padStart(8)}`);
row('node, nothing loaded', node);
row('node with the tsx loader', tsx, `loader: +${(tsx.rss - node.rss).toFixed(0)}`);
row('PGlite alone, first start (initdb), app settings', pgliteFirst, `+${(pgliteFirst.rss - node.rss).toFixed(0)} over node`);
row('PGlite alone, reopened, default settings', pgliteDefault, `+${(pgliteDefault.rss - node.rss).toFixed(0)} over node`);
row('PGlite alone, reopened, app settings (floor)', pgliteApp, `+${(pgliteApp.rss - node.rss).toFixed(0)} over node`);
row('PGlite alone, reopened, 1 MB buffers', pgliteTiny, `+${(pgliteTiny.rss - node.rss).toFixed(0)} over node`);
for (const app of apps) {
  const floor = app.label.includes('PGlite')
    ? `PGlite floor beside it: ${(app.label.includes('first') ? pgliteFirst : pgliteApp).rss.toFixed(0)}`
    : '';
  row(`${app.label}, idle`, app.idle, floor);
  row(`${app.label}, after 200 requests`, app.busy, `+${(app.busy.rss - app.idle.rss).toFixed(0)}`);
}
const idleOf = (label: string) =>
  must(
    apps.find((a) => a.label === label),
    label,
  ).idle.rss;
const onPostgres = idleOf('app on PostgreSQL, restarted');
console.log(
  `\nThe app's own share (on PostgreSQL, less bare node): ${(onPostgres - node.rss).toFixed(0)} MB; PGlite's share of the restarted app: ${(idleOf('app on PGlite, restarted') - onPostgres).toFixed(0)} MB. Goals: ≤ 400 MB on PGlite, ≤ 150 MB on PostgreSQL at idle.`,
);
