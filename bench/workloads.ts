/**
 * The slot-engine workloads, generated here from a seed so every clone has them and they never
 * depend on today's date (see bench/README.md, "Workloads"). One provider works Mon–Fri
 * 08:00–17:00 Europe/Madrid and offers a 30-minute service stepped every 30 minutes; a viewer in
 * America/New_York asks for every day of the horizon, which starts on Monday 2030-01-07 and, at
 * 180 days, crosses both 2030 clock changes of both zones. The provider's existing bookings
 * (`busy`) are random 30/45/60/90-minute intervals on quarter hours inside working hours; they
 * may overlap each other.
 */
import { Temporal } from 'temporal-polyfill';
import type { IsoWeekday, SlotQuery, WorkDay } from '../server/src/domain/scheduling/index.ts';
import { must } from '../server/test/support/must.ts';

/** A workload in the plain JSON shape other schedulers can read too (`make-workload.ts` writes it). */
export interface WorkloadFile {
  description: string;
  providerTimeZone: string;
  viewerTimeZone: string;
  startTime: string;
  endTime: string;
  eventLength: number;
  slotInterval: number;
  /** Minutes. */
  minimumBookingNotice: number;
  workingHours: Array<{ days: number[]; start: string; end: string }>;
  busy: Array<{ start: string; end: string }>;
}

export interface WorkloadOptions {
  seed: number;
  /** Length of the horizon in the viewer's days. */
  days: number;
  busyCount: number;
  /** The viewer's first day, YYYY-MM-DD. */
  startDate: string;
}

/**
 * The benchmarked workloads and the answer the engine must give on each: every 30-minute start
 * inside working hours that overlaps no busy interval.
 */
export const WORKLOADS = {
  '180-day': { options: { seed: 42, days: 180, busyCount: 500, startDate: '2030-01-07' }, expectedAvailable: 1444 },
  '31-day': { options: { seed: 42, days: 31, busyCount: 86, startDate: '2030-01-07' }, expectedAvailable: 258 },
} as const satisfies Record<string, { options: WorkloadOptions; expectedAvailable: number }>;

export type WorkloadName = keyof typeof WORKLOADS;

export interface Workload {
  name: WorkloadName;
  expectedAvailable: number;
  file: WorkloadFile;
  query: SlotQuery;
}

const PROVIDER_ZONE = 'Europe/Madrid';
const VIEWER_ZONE = 'America/New_York';
const WORK_FROM = 8 * 60;
const WORK_TO = 17 * 60;
const BUSY_LENGTHS = [30, 45, 60, 90] as const;

/** mulberry32: a tiny seeded PRNG with uniform output in [0, 1); the same seed gives the same workload. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** Generates a workload. The order of the random draws is part of the format: changing it changes every workload. */
export function generateWorkload({ seed, days, busyCount, startDate }: WorkloadOptions): WorkloadFile {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T =>
    must(items[Math.floor(random() * items.length)], 'items[Math.floor(random() * items.length)]');
  const first = Temporal.PlainDate.from(startDate);
  const last = first.add({ days: days - 1 });
  const weekdays = Array.from({ length: days }, (_, i) => first.add({ days: i })).filter((d) => d.dayOfWeek <= 5);

  const busy = Array.from({ length: busyCount }, () => {
    const day = pick(weekdays);
    const length = pick(BUSY_LENGTHS);
    const quarterHours = (WORK_TO - length - WORK_FROM) / 15;
    const startMinute = WORK_FROM + 15 * Math.floor(random() * (quarterHours + 1));
    const start = day
      .toPlainDateTime({ hour: Math.floor(startMinute / 60), minute: startMinute % 60 })
      .toZonedDateTime(PROVIDER_ZONE).epochMilliseconds;
    return { start: iso(start), end: iso(start + length * 60_000) };
  }).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));

  return {
    description: `1 provider, Mon-Fri 08:00-17:00 ${PROVIDER_ZONE}, 30-min service, ${days}-day horizon from ${startDate} (${VIEWER_ZONE}), ${busyCount} busy intervals, seed ${seed}`,
    providerTimeZone: PROVIDER_ZONE,
    viewerTimeZone: VIEWER_ZONE,
    startTime: iso(first.toZonedDateTime(VIEWER_ZONE).epochMilliseconds),
    endTime: iso(
      last.toPlainDateTime({ hour: 23, minute: 59, second: 59, millisecond: 999 }).toZonedDateTime(VIEWER_ZONE).epochMilliseconds,
    ),
    eventLength: 30,
    slotInterval: 30,
    minimumBookingNotice: 120,
    workingHours: [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' }],
    busy,
  };
}

/** The workload's own reading: "now" is its start time, notice in minutes, the window its span. */
export function workloadQuery(w: WorkloadFile): SlotQuery {
  const workingHours: WorkDay[] = w.workingHours.flatMap((row) =>
    row.days.map((weekday) => ({ weekday: weekday as IsoWeekday, available: true, from: row.start, to: row.end })),
  );
  return {
    provider: { timeZone: w.providerTimeZone, workingHours },
    service: { type: 'appointment', durationMinutes: w.eventLength, capacity: 1 },
    stepMinutes: w.slotInterval,
    busy: w.busy,
    policy: { minNoticeMinutes: w.minimumBookingNotice, maxAdvanceDays: 3650 },
    viewerTimeZone: w.viewerTimeZone,
    now: w.startTime,
    window: { from: w.startTime, to: w.endTime },
  };
}

/** One of the benchmarked workloads, generated, with its engine query. */
export function benchWorkload(name: WorkloadName): Workload {
  const { options, expectedAvailable } = WORKLOADS[name];
  const file = generateWorkload(options);
  return { name, expectedAvailable, file, query: workloadQuery(file) };
}
