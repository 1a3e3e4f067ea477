/**
 * Public API throughput on PostgreSQL (issues 13, 26): the public profile and a 30-day slots window of
 * the demo studio, with change notifications off (every answer read from the database) and on
 * ("pushed": a warm answer served from memory, docs/decisions/0017-pushed-provider-changes.md), against a bare Fastify hello-JSON server started in the same run, with
 * autocannon (in a worker thread, bench/load-generator.ts) at 1, 8, 10 and 32 connections. Prints req/s, latency p50/p95/p99, the ratios to
 * hello-JSON and the SQL statements each request sends. Makes a scratch database on
 * BENCH_DATABASE_URL's server (default the local one) and drops it. Nothing is asserted on time.
 *
 * BENCH_SECONDS sets each run's length (default 5).
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { seedDemoIfEmpty } from '../server/src/modules/demo/index.ts';
import { devOutboxMailer } from '../server/src/mail/mailer.ts';
import { sustainedLoad } from './load-generator.ts';
import { countStatements } from './statement-counter.ts';
import { must } from '../server/test/support/must.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 8, 10, 32];

Object.assign(process.env, { TEST_DATABASE_URL: url, TEST_DB_ENGINE: 'postgres' });
const { freshDatabase, dropTemplates } = await import('../server/test/support/test-db.ts');
const database = await freshDatabase({ poolSize: 10 });
const statements = countStatements(database);
const clock = { now: () => new Date() };
await seedDemoIfEmpty(database.db, clock);
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    DATA_DIR: '/tmp/slotted-bench',
    SEED_DEMO: 'false',
  }),
  webDist: '/nonexistent',
};
// Two apps on one database: without change notifications every answer is read from the database
// (docs/decisions/0008-public-data-version.md); with them a warm answer is kept in memory (0015).
const app = await buildApp({ config, db: database.db, clock, mailer: devOutboxMailer(() => undefined) });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const pushed = await buildApp({ config, db: database.db, changes: database.changes, clock, mailer: devOutboxMailer(() => undefined) });
await pushed.listen({ port: 0, host: '127.0.0.1' });
const pushedBase = `http://127.0.0.1:${(pushed.server.address() as AddressInfo).port}`;

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });
const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/`;

const profile = (await (await fetch(`${base}/api/profile/demo`)).json()) as { data: { services: { id: number; type: string }[] } };
const service = must(
  profile.data.services.find((s) => s.type === 'appointment'),
  "profile.data.services.find((s) => s.type === 'appointment')",
);
const today = new Date().toISOString().slice(0, 10);
const to = new Date(Date.now() + 29 * 86_400_000).toISOString().slice(0, 10);
const slotsPath = `/api/services/${service.id}/slots?timezone=Europe/Madrid&from=${today}&to=${to}`;
const targets = {
  hello: helloUrl,
  profile: `${base}/api/profile/demo`,
  'slots 30 days': `${base}${slotsPath}`,
  'profile pushed': `${pushedBase}/api/profile/demo`,
  'slots pushed': `${pushedBase}${slotsPath}`,
};

async function statementsPerRequest(target: string, n = 200) {
  await fetch(target).then((r) => r.arrayBuffer()); // warm: the cache fills on the first request
  const before = statements.count;
  for (let i = 0; i < n; i++) await fetch(target).then((r) => r.arrayBuffer());
  return (statements.count - before) / n;
}

console.log(`PostgreSQL, ${seconds} s per run; servers in this process, load from a worker thread.\n`);
console.log('statements per request (warm, sequential):');
for (const name of ['profile', 'slots 30 days', 'profile pushed', 'slots pushed'] as const) {
  console.log(`  ${name} ${(await statementsPerRequest(targets[name])).toFixed(2)}`);
}

const etag = (await fetch(targets.profile)).headers.get('etag');
const revalidated = etag ? (await fetch(targets.profile, { headers: { 'if-none-match': etag } })).status : 'no ETag';
console.log(`  a repeat profile request with If-None-Match: ${revalidated}\n`);

const pad = (s: string, n: number) => s.padEnd(n);
console.log(`${pad('what', 16)}${pad('conns', 7)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}vs hello`);
for (const connections of CONNECTIONS) {
  let helloRps = 0;
  for (const [name, target] of Object.entries(targets)) {
    const r = await sustainedLoad(target, connections, seconds);
    if (name === 'hello') helloRps = r.rps;
    const ratio = name === 'hello' ? '' : (r.rps / helloRps).toFixed(3);
    console.log(
      `${pad(name, 16)}${pad(String(connections), 7)}${pad(r.rps.toFixed(0), 10)}${pad(r.p50.toFixed(1), 9)}${pad(r.p95.toFixed(1), 9)}${pad(r.p99.toFixed(1), 9)}${ratio}${r.errors ? ` (${r.errors} errors)` : ''}`,
    );
  }
}
console.log(
  '\nGoals (issue 13, 26): profile/hello ≥ 0.25 at 10 connections; slots 30 days p99 ≤ 30 ms and slots/hello ≥ 0.05 at 32 connections.',
);
console.log('"pushed": change notifications on, a warm answer kept in memory (0 statements); plain: off, one statement per request.');

await hello.close();
await pushed.close();
await app.close();
await database.close();
await dropTemplates();
