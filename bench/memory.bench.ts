/**
 * Where the server's memory goes (issue 13): resident memory (RSS) of the app at idle and after
 * 200 public requests, on PGlite (the embedded default) and on PostgreSQL, against a bare Node
 * process and one with the TypeScript loader, started in the same run; and PGlite alone, with its
 * default settings and with smaller ones. Read from /proc/<pid>/status (Linux). Nothing asserted.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startApp } from './app-process.ts';
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

async function appOn(label: string, env: Record<string, string>) {
  const app = await startApp(env);
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

/** PGlite on its own (with btree_gist, as the app opens it), after creating a table and reading it. */
const PGLITE_ALONE = (options: string) => `
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const db = await PGlite.create({ extensions: { btree_gist }, ${options} });
  await db.exec('CREATE TABLE t (id int primary key, v text); INSERT INTO t SELECT g, repeat(\\'x\\', 100) FROM generate_series(1, 20000) g;');
  await db.query('SELECT count(*) FROM t');
  console.log('ready');
  setInterval(() => {}, 1000);`;

const node = await idleProcess(['-e', "console.log('ready'); setInterval(() => {}, 1000)"]);
const tsx = await idleProcess(['--import', 'tsx', '-e', "console.log('ready'); setInterval(() => {}, 1000)"]);
const pgliteDefault = await idleProcess(['--input-type=module', '-e', PGLITE_ALONE('')]);
const pgliteSmall = await idleProcess([
  '--input-type=module',
  '-e',
  PGLITE_ALONE("postgresqlconf: ['shared_buffers = 16MB', 'work_mem = 1MB']"),
]);

// A scratch database on the PostgreSQL server, dropped afterwards.
const scratch = `slotted_memory_${process.pid}`;
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
const scratchUrl = new URL(pgUrl);
scratchUrl.pathname = `/${scratch}`;
let apps;
try {
  apps = [await appOn('app on PGlite', {}), await appOn('app on PostgreSQL', { DATABASE_URL: scratchUrl.toString() })];
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}

const row = (label: string, m: { rss: number; anon: number }, note = '') =>
  console.log(`${label.padEnd(44)}${m.rss.toFixed(0).padStart(8)}${m.anon.toFixed(0).padStart(8)}   ${note}`);
console.log(`Resident memory in MB (RSS, and of it anonymous: heaps and WASM), idle 3 s after start.\n`);
console.log(`${'process'.padEnd(44)}${'RSS'.padStart(8)}${'anon'.padStart(8)}`);
row('node, nothing loaded', node);
row('node with the tsx loader', tsx, `loader: +${(tsx.rss - node.rss).toFixed(0)}`);
row('PGlite alone, default settings', pgliteDefault, `PGlite: +${(pgliteDefault.rss - node.rss).toFixed(0)} over node`);
row('PGlite alone, 16 MB shared buffers', pgliteSmall, `+${(pgliteSmall.rss - node.rss).toFixed(0)} over node`);
for (const app of apps) {
  row(`${app.label}, idle`, app.idle);
  row(`${app.label}, after 200 requests`, app.busy, `+${(app.busy.rss - app.idle.rss).toFixed(0)}`);
}
const [onPglite, onPostgres] = apps;
console.log(
  `\nPGlite's share of the app: ${(must(onPglite, 'onPglite').idle.rss - must(onPostgres, 'onPostgres').idle.rss).toFixed(0)} MB; the app's own (on PostgreSQL, less node and tsx): ${(must(onPostgres, 'onPostgres').idle.rss - tsx.rss).toFixed(0)} MB. Goal: ≤ 300 MB on PGlite at idle.`,
);
