/**
 * Booking under contention over HTTP: many simultaneous requests for one appointment time and
 * for one 20-seat class. Prints accepted and rejected counts and the latency p50/p99, on PGlite
 * (in-process) or on PostgreSQL when BENCH_DATABASE_URL is set (it makes and drops a scratch
 * database on that server). Nothing is asserted on time; the
 * counts are the invariants the race tests assert.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { devOutboxMailer } from '../server/src/mail/mailer.ts';
import { bookingHeaders, raceFixture } from '../server/test/support/race-fixture.ts';

const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const url = process.env.BENCH_DATABASE_URL;
// A scratch database of its own (created from BENCH_DATABASE_URL's server, dropped afterwards).
if (url) Object.assign(process.env, { TEST_DATABASE_URL: url, TEST_DB_ENGINE: 'postgres' });
const { freshDatabase, dropTemplates } = await import('../server/test/support/test-db.ts');
const database = await freshDatabase({ poolSize: 10 });
const fixture = await raceFixture(database.db, { clients: 300, sessionSecret: SECRET });
// All simulated clients share this machine's address, so the per-address booking limit is lifted.
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: SECRET,
    DATA_DIR: '/tmp/slotted-bench',
    SEED_DEMO: 'false',
    BOOKING_LIMIT_PER_IP: '100000',
  }),
  webDist: '/nonexistent',
};
const app = await buildApp({ config, db: database.db, clock: { now: () => new Date() }, mailer: devOutboxMailer(() => undefined) });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function race(label: string, n: number, offset: number, body: object) {
  const latencies: number[] = [];
  const statuses = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/appointments`, {
        method: 'POST',
        headers: bookingHeaders(fixture.clients[offset + i]!),
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      return res.status;
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!;
  const count = (s: number) => statuses.filter((x) => x === s).length;
  console.log(
    `${label}: ${n} simultaneous requests → ${count(201)} accepted, ${count(409)} rejected (409), ${n - count(201) - count(409)} other`,
  );
  console.log(`  latency p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, p99/p50 ${(q(0.99) / q(0.5)).toFixed(1)}x`);
}

console.log(`Database: ${url ? 'PostgreSQL' : 'PGlite (in-process)'}`);
await race('One appointment time', 100, 0, { service_id: fixture.shortService, starts_at: fixture.appointmentStart });
await race('A 20-seat class', 200, 100, { service_id: fixture.classService, slot_id: fixture.classSlot });

await app.close();
await database.close();
await dropTemplates();
