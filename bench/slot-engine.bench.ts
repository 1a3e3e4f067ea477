/**
 * Slot-engine benchmark. For the generated workloads of workloads.ts (180 and 31 days,
 * Mon–Fri 08:00–17:00 Europe/Madrid, 30-minute slots, viewer in America/New_York):
 *   1. checks the answer: the engine's available slots vs the expected count, and the engine's
 *      whole answer vs the naive reference engine's (they must be identical);
 *   2. times, per call: the engine's days of slots (`getSlotDays`), its bare instants
 *      (`slotInstants`), the engine with a cold zone cache, and the naive engine;
 *   3. prints ratios measured in this same run (180 vs 31 days, naive vs engine, cold vs warm).
 * Nothing here passes or fails on time.
 *
 *   npm run bench                      # every benchmark
 *   node --import tsx slot-engine.bench.ts [runs]   # from bench/, this one only
 */
import { isDeepStrictEqual } from 'node:util';
import { clearZoneTimelineCache, getSlotDays, slotInstants } from '../server/src/domain/scheduling/index.ts';
import { fmtMs, fmtRatio, machineLine, measureInterleaved, printTable, type Timing } from './measure.ts';
import { naiveSlotDays } from './naive-slot-engine.ts';
import { benchWorkload, type Workload } from './workloads.ts';
import { must } from '../server/test/support/must.ts';

const RUNS = Number(process.argv[2] ?? process.env.BENCH_RUNS ?? 200);
const NAIVE_RUNS = Math.max(5, Math.round(RUNS / 10));

interface Result {
  workload: Workload;
  available: number;
  listed: number;
  days: number;
  matchesNaive: boolean;
  engine: Timing;
  instants: Timing;
  cold: Timing;
  naive: Timing;
}

/**
 * Checks both answers, then times the workloads side by side: warm engine calls of both
 * workloads in interleaved rounds, then cold calls, then the naive engine (each group
 * interleaved, so ratios compare like with like).
 */
function run(workloads: readonly Workload[]): Result[] {
  const checks = workloads.map((w) => {
    const days = getSlotDays(w.query);
    const slots = days.flatMap((d) => d.slots);
    return {
      available: slots.filter((s) => s.available).length,
      listed: slots.length,
      days: days.length,
      matchesNaive: isDeepStrictEqual(days, naiveSlotDays(w.query)),
    };
  });
  const warm = measureInterleaved(
    workloads.flatMap((w) => [{ fn: () => getSlotDays(w.query) }, { fn: () => slotInstants(w.query) }]),
    { runs: RUNS, warmup: 50 },
  );
  const cold = measureInterleaved(
    workloads.map((w) => ({ fn: () => getSlotDays(w.query), before: clearZoneTimelineCache })),
    { runs: RUNS, warmup: 20 },
  );
  const naive = measureInterleaved(
    workloads.map((w) => ({ fn: () => naiveSlotDays(w.query) })),
    { runs: NAIVE_RUNS, warmup: 2 },
  );
  return workloads.map((workload, i) => ({
    workload,
    ...must(checks[i], 'checks[i]'),
    engine: must(warm[2 * i], 'warm[2 * i]'),
    instants: must(warm[2 * i + 1], 'warm[2 * i + 1]'),
    cold: must(cold[i], 'cold[i]'),
    naive: must(naive[i], 'naive[i]'),
  }));
}

const workloads = [benchWorkload('180-day'), benchWorkload('31-day')];

console.log(`Slot engine — ${machineLine()}`);
console.log(
  `${RUNS} timed calls per engine figure (after warm-up), ${NAIVE_RUNS} for the naive engine; both workloads timed in interleaved rounds.\n`,
);
const results = run(workloads);

for (const r of results) {
  const expected = r.workload.expectedAvailable;
  console.log(`${r.workload.name}: ${r.workload.file.description}`);
  console.log(
    `  answer: ${r.available} available slots (expected ${expected}: ${r.available === expected ? 'match' : 'MISMATCH'}), ` +
      `${r.listed} listed incl. taken, ${r.days} viewer days; identical to naive engine: ${r.matchesNaive ? 'yes' : 'NO'}`,
  );
}
console.log('');

const row = (label: string, pick: (r: Result) => Timing) => [
  label,
  ...results.flatMap((r) => [fmtMs(pick(r).medianMs), fmtMs(pick(r).p95Ms)]),
];
printTable(
  ['per call', ...results.flatMap((r) => [`${r.workload.name} median`, 'p95'])],
  [
    row('engine: getSlotDays (days of slots)', (r) => r.engine),
    row('engine: slotInstants (bare instants)', (r) => r.instants),
    row('engine: getSlotDays, cold zone cache', (r) => r.cold),
    row('naive engine (Temporal per candidate)', (r) => r.naive),
  ],
);

const [long, short] = results as [Result, Result];
console.log('\nRatios (medians, this run):');
printTable(
  ['ratio', 'value'],
  [
    [`engine ${long.workload.name} / ${short.workload.name} (days of slots)`, fmtRatio(long.engine.medianMs / short.engine.medianMs)],
    [`naive  ${long.workload.name} / ${short.workload.name}`, fmtRatio(long.naive.medianMs / short.naive.medianMs)],
    [`naive / engine, ${long.workload.name}`, fmtRatio(long.naive.medianMs / long.engine.medianMs)],
    [`naive / engine, ${short.workload.name}`, fmtRatio(short.naive.medianMs / short.engine.medianMs)],
    [`cold / warm zone cache, ${long.workload.name}`, fmtRatio(long.cold.medianMs / long.engine.medianMs)],
    [`days of slots / bare instants, ${long.workload.name}`, fmtRatio(long.engine.medianMs / long.instants.medianMs)],
  ],
);
console.log(
  '\n(For context, not measured here: bench/README.md notes ~210 ms and ~40 ms per call for another scheduler on these workloads.)',
);
if (results.some((r) => !r.matchesNaive || r.available !== r.workload.expectedAvailable)) process.exitCode = 1;
