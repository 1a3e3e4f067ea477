/**
 * The slots endpoint over HTTP (GET /api/services/{id}/slots) on PGlite, for the 31-day workload
 * (workloads.ts) loaded into the database: sequential latency p50/p95, throughput with
 * concurrent connections, and the same request's slot-engine time, so the share of HTTP +
 * database versus the engine shows as a ratio measured in this run. Nothing is asserted on time.
 */
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { policies, services, slots, users, workDays } from '../server/src/db/schema.ts';
import { getSlotDays } from '../server/src/domain/scheduling/index.ts';
import { devOutboxMailer } from '../server/src/mail/mailer.ts';
import { measure } from './measure.ts';
import { benchWorkload } from './workloads.ts';
import { must } from '../server/test/support/must.ts';

const workload = benchWorkload('31-day');
const w = workload.file;
const now = new Date(w.startTime);
const clock = { now: () => new Date(now) };

const database = await openDatabase({ kind: 'pglite', dir: null });
const { db } = database;
const [provider] = await db
  .insert(users)
  .values({ email: 'bench@example.com', name: 'Bench', username: 'bench', isProvider: true, timezone: w.providerTimeZone })
  .returning();
const days = new Set(w.workingHours.flatMap((r) => r.days));
const [row] = w.workingHours;
const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
await db.insert(workDays).values(
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    providerId: must(provider, 'provider').id,
    weekday,
    available: days.has(weekday),
    fromMinute: toMinute(must(row, 'row').start),
    toMinute: toMinute(must(row, 'row').end),
  })),
);
// The workload's notice is in minutes; the policy holds whole hours (120 min = 2 h).
await db.insert(policies).values({
  providerId: must(provider, 'provider').id,
  minHoursBeforeBooking: w.minimumBookingNotice / 60,
  maxDaysBeforeBooking: 31,
  minHoursBeforeCancellation: 24,
});
const [service] = await db
  .insert(services)
  .values({
    providerId: must(provider, 'provider').id,
    name: 'Session',
    type: 'appointment',
    priceCents: 5000,
    durationMinutes: w.eventLength,
    capacity: 1,
  })
  .returning();
// Busy time (which overlaps itself) is loaded as occurrences of another class service, which block the provider's time.
const [busy] = await db
  .insert(services)
  .values({ providerId: must(provider, 'provider').id, name: 'Busy', type: 'class', priceCents: 0, durationMinutes: 30, capacity: 1 })
  .returning();
await db.insert(slots).values(
  w.busy.map((b) => ({
    providerId: must(provider, 'provider').id,
    serviceId: must(busy, 'busy').id,
    startsAt: new Date(b.start),
    endsAt: new Date(b.end),
    capacity: 1,
  })),
);

const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    DATA_DIR: '/tmp/slotted-bench',
    SEED_DEMO: 'false',
  }),
  webDist: '/nonexistent',
};
const mailer = devOutboxMailer(() => undefined);
const app = await buildApp({ config, db, clock, mailer });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const url = `http://127.0.0.1:${port}/api/services/${must(service, 'service').id}/slots?timezone=${encodeURIComponent(w.viewerTimeZone)}`;

const first = (await (await fetch(url)).json()) as { data: { slots: { available: boolean }[] }[] };
const available = first.data.reduce((n, d) => n + d.slots.filter((s) => s.available).length, 0);

// Sequential latency, one request at a time.
const latencies: number[] = [];
for (let i = 0; i < 330; i++) {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (i >= 30) latencies.push(performance.now() - t0);
}
latencies.sort((a, b) => a - b);
const q = (p: number) =>
  must(
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)],
    'latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]',
  );

// The engine alone on the same input, in the same process.
const engine = measure(
  () => getSlotDays({ ...workload.query, policy: { minNoticeMinutes: w.minimumBookingNotice, maxAdvanceDays: 31 }, window: undefined }),
  { runs: 300, warmup: 30 },
);

const load = await autocannon({ url, connections: 8, duration: 5 });

console.log(`Workload: ${w.description}`);
console.log(`Slots answered: ${available} available (the workload's expected answer is ${workload.expectedAvailable}).`);
console.log('');
console.log(`GET /api/services/{id}/slots, 31 days, PGlite, one request at a time (${latencies.length} requests):`);
console.log(`  p50 ${q(0.5).toFixed(2)} ms   p95 ${q(0.95).toFixed(2)} ms`);
console.log(`Slot engine alone on the same input: median ${engine.medianMs.toFixed(3)} ms`);
console.log(`  ratio endpoint p50 / engine median: ${(q(0.5) / engine.medianMs).toFixed(1)}x  (the rest is HTTP, JSON and database reads)`);
console.log('');
console.log(
  `8 concurrent connections for 5 s: ${load.requests.average.toFixed(0)} req/s, latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, errors ${load.errors + load.non2xx}`,
);

await app.close();
await database.close();
