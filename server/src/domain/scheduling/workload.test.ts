/**
 * The benchmark's fixed workloads (shared/bench-data beside the repository): the engine must
 * give their expected answers — every 30-minute start in Madrid working hours overlapping no busy
 * interval: 1444 slots over 180 days, 258 over 31 days — and agree with the naive engine.
 * Skipped, with a message, when the bench-data folder is not there.
 */
import { describe, expect, it } from 'vitest';
import { benchDataDir, loadWorkload } from '../../../../bench/workloads.ts';
import { naiveSlotDays } from '../../../../bench/naive-slot-engine.ts';
import { appointmentSlotInstants, getSlotDays } from './index.ts';

const cases = [
  { file: 'workload.json', available: 1444 },
  { file: 'workload-31d.json', available: 258 },
].map((c) => ({ ...c, workload: loadWorkload(c.file) }));

const missing = cases.filter((c) => c.workload === null);
if (missing.length > 0) {
  console.warn(`Skipping the workload tests: ${missing.map((c) => c.file).join(', ')} not found in ${benchDataDir} (set BENCH_DATA_DIR).`);
}

describe.skipIf(missing.length > 0)('benchmark workloads', () => {
  it.each(cases)('$file: $available available slots, the same as the naive engine', ({ workload, available }) => {
    const q = workload!.query;
    const instants = appointmentSlotInstants(q);
    expect(instants.filter((s) => s.status === 'available')).toHaveLength(available);
    const days = getSlotDays(q);
    expect(days.flatMap((d) => d.slots).filter((s) => s.available)).toHaveLength(available);
    expect(days).toEqual(naiveSlotDays(q));
  });

  it('the 180-day answer starts and ends where the hand-worked reading says', () => {
    const days = getSlotDays(cases[0]!.workload!.query);
    // Monday 2030-01-07 08:00 CET = 07:00Z = 02:00 in New York; no busy interval covers 07:00–07:30Z.
    expect(days[0]!.date).toBe('2030-01-07');
    expect(days[0]!.slots[0]).toMatchObject({ starts_at: '2030-01-07T07:00:00Z', time: '02:00', until: '02:30', available: true });
    // Friday 2030-07-05 16:30 CEST = 14:30Z = 10:30 EDT: the last candidate of the horizon.
    const lastDay = days[days.length - 1]!;
    expect(lastDay.date).toBe('2030-07-05');
    expect(lastDay.slots[lastDay.slots.length - 1]).toMatchObject({ starts_at: '2030-07-05T14:30:00Z', time: '10:30', until: '11:00' });
  });
});
