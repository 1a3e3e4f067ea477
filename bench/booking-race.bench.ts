/**
 * Booking under contention over HTTP: many simultaneous requests for one appointment time and
 * for one 20-seat class. Prints accepted and rejected counts, the latency p50/p99 and the
 * statements sent to the database per request, beside the same burst of requests that do no
 * booking (its floor on this machine), on PGlite (in-process) or on PostgreSQL when
 * BENCH_DATABASE_URL is set (it makes and drops a scratch database on that server). Nothing is
 * asserted on time; the counts are the invariants the race tests assert.
 * BENCH_SHOW_STATEMENTS=1 also prints the statements of each single request; BENCH_PROFILE=<dir>
 * writes the app thread's CPU profile of each burst there (`<race>-<burst>.cpuprofile`, for Chrome's
 * DevTools).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { services } from '../server/src/db/schema.ts';
import { devOutboxMailer } from '../server/src/mail/mailer.ts';
import { buildOccurrence } from '../server/test/support/factories.ts';
import { bookingHeaders, raceFixture, type RaceClient } from '../server/test/support/race-fixture.ts';
import { burst, quantile } from './load-generator.ts';
import { countStatements } from './statement-counter.ts';
import { must } from '../server/test/support/must.ts';

const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const HOUR = 3_600_000;
const url = process.env.BENCH_DATABASE_URL;
// A scratch database of its own (created from BENCH_DATABASE_URL's server, dropped afterwards).
if (url) Object.assign(process.env, { TEST_DATABASE_URL: url, TEST_DB_ENGINE: 'postgres' });
const { freshDatabase, dropTemplates } = await import('../server/test/support/test-db.ts');
const database = await freshDatabase({ poolSize: 10 });
const statements = countStatements(database);
// 300 clients race; five more make the single requests whose statements are counted.
const fixture = await raceFixture(database.db, { clients: 305, sessionSecret: SECRET });
const single = fixture.clients.slice(300);
// A second occurrence of the class, with free places, for a single booking that wins one.
const [classService] = await database.db.select().from(services).where(eq(services.id, fixture.classService));
const spareClass = await buildOccurrence(
  { db: database.db, clock: { now: () => new Date() } },
  must(classService, 'classService'),
  new Date(Date.parse(fixture.appointmentStart) + 6 * HOUR),
);
// Each simulated client comes from an address of its own, as real clients do, through a trusted
// proxy (the per-address booking limit's row would otherwise serialise them all).
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: SECRET,
    DATA_DIR: '/tmp/slotted-bench',
    SEED_DEMO: 'false',
    TRUST_PROXY: '127.0.0.1',
  }),
  webDist: '/nonexistent',
};
const app = await buildApp({ config, db: database.db, clock: { now: () => new Date() }, mailer: devOutboxMailer(() => undefined) });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Client i's booking headers, from address 10.0.x.y. */
function headers(client: RaceClient, i: number) {
  return { ...bookingHeaders(client), 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` };
}

async function book(client: RaceClient, i: number, body: object): Promise<number> {
  const res = await fetch(`${base}/api/appointments`, { method: 'POST', headers: headers(client, i), body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

/** One booking request on its own: its answer and every statement it sent. */
async function alone(label: string, client: RaceClient, i: number, body: object) {
  const before = statements.count;
  const t0 = performance.now();
  const status = await book(client, i, body);
  const ms = performance.now() - t0;
  const sent = statements.texts.slice(before);
  console.log(`  ${label}: ${status}, ${sent.length} statements, ${ms.toFixed(1)} ms`);
  if (process.env.BENCH_SHOW_STATEMENTS) for (const s of sent) console.log(`      ${s.replace(/\s+/g, ' ').slice(0, 160)}`);
}

const profileDir = process.env.BENCH_PROFILE;
const inspector = profileDir ? new Session() : null;
inspector?.connect();
await inspector?.post('Profiler.enable');

/** `run`, profiled into BENCH_PROFILE/`name`.cpuprofile when asked for. */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!inspector || !profileDir) return run();
  await inspector.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

/** The p99 of `n` clients asking `path` at the same moment (signed in): what any burst costs here. */
async function floor(n: number, offset: number, path: string, signedIn: boolean, connected = true): Promise<number> {
  const requests = fixture.clients.slice(offset, offset + n).map((client, i) => ({
    url: `${base}${path}`,
    headers: signedIn ? headers(client, offset + i) : { 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
  }));
  const answers = await profiled(`${offset}${path.replaceAll('/', '-')}`, () => burst(requests, { connected }));
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  return quantile(latencies, 0.99);
}

/** `n` clients book the same thing at the same moment, from a worker thread (bench/load-generator.ts). */
async function race(label: string, n: number, offset: number, body: object) {
  const before = statements.count;
  const requests = fixture.clients.slice(offset, offset + n).map((client, i) => ({
    url: `${base}/api/appointments`,
    method: 'POST',
    headers: headers(client, offset + i),
    body: JSON.stringify(body),
  }));
  // Each client on a connection of its own, opened beforehand: the server's answer to a crowd that
  // has the booking page open (the handshakes are the floor's last figure).
  const answers = await profiled(`${offset}-race`, () => burst(requests, { connected: true }));
  const sent = statements.count - before;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const q = (p: number) => quantile(latencies, p);
  const count = (s: number) => answers.filter((a) => a.status === s).length;
  console.log(
    `${label}: ${n} simultaneous requests → ${count(201)} accepted, ${count(409)} rejected (409), ${n - count(201) - count(409)} other`,
  );
  console.log(`  latency p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, p99/p50 ${(q(0.99) / q(0.5)).toFixed(1)}x`);
  console.log(`  statements: ${sent} in all, ${(sent / n).toFixed(1)} per request`);
  // The same crowd, same moment, asking for nothing but a page that is not there (no database), and
  // for their own account (one indexed read of the session): the cost of the burst itself here;
  // and the first of those on new connections, each opened as it is sent.
  const bare = await floor(n, offset, '/api/no-such-page', false);
  const session = await floor(n, offset, '/api/me', true);
  const handshakes = await floor(n, offset, '/api/no-such-page', false, false);
  console.log(
    `  the same burst's p99: no database ${bare.toFixed(1)} ms, one session read (GET /api/me) ${session.toFixed(1)} ms; ` +
      `the race is ${(q(0.99) / session).toFixed(1)}x the latter; no database on new connections ${handshakes.toFixed(1)} ms`,
  );
}

console.log(`Database: ${url ? 'PostgreSQL' : 'PGlite (in-process)'}`);
const otherTime = new Date(Date.parse(fixture.appointmentStart) + 2 * HOUR).toISOString();
console.log('Single requests, one at a time (statements sent to the database, the request’s whole work):');
await alone('appointment, free time (winner)', must(single[0], 'single[0]'), 300, {
  service_id: fixture.shortService,
  starts_at: otherTime,
});
await alone('appointment, taken time (loser)', must(single[1], 'single[1]'), 301, {
  service_id: fixture.shortService,
  starts_at: otherTime,
});
await alone('class with free places (winner)', must(single[2], 'single[2]'), 302, {
  service_id: fixture.classService,
  slot_id: spareClass.id,
});
// As the race's winner finds them: the provider's data already kept by this process (decision 0021).
await alone('appointment, free time, provider data kept (winner)', must(single[4], 'single[4]'), 304, {
  service_id: fixture.shortService,
  starts_at: new Date(Date.parse(fixture.appointmentStart) + 3 * HOUR).toISOString(),
});
await race('One appointment time', 100, 0, { service_id: fixture.shortService, starts_at: fixture.appointmentStart });
await race('A 20-seat class', 200, 100, { service_id: fixture.classService, slot_id: fixture.classSlot });
console.log('Single request after the races:');
await alone('full class (loser)', must(single[3], 'single[3]'), 303, { service_id: fixture.classService, slot_id: fixture.classSlot });

await app.close();
await database.close();
await dropTemplates();
