/**
 * The fixed slot-engine workloads of `shared/bench-data/` (beside the repository; see its
 * README), read as `SlotQuery`s. `BENCH_DATA_DIR` overrides where they are looked for.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IsoWeekday, SlotQuery, WorkDay } from '../server/src/domain/scheduling/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Folder holding workload.json and workload-31d.json: `$BENCH_DATA_DIR`, else `<repo>/../shared/bench-data`. */
export const benchDataDir = process.env.BENCH_DATA_DIR ?? path.resolve(repoRoot, '../shared/bench-data');

export interface WorkloadFile {
  description: string;
  providerTimeZone: string;
  viewerTimeZone: string;
  startTime: string;
  endTime: string;
  eventLength: number;
  slotInterval: number;
  minimumBookingNotice: number;
  workingHours: Array<{ days: number[]; start: string; end: string }>;
  busy: Array<{ start: string; end: string }>;
}

export interface Workload {
  name: string;
  file: WorkloadFile;
  query: SlotQuery;
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

/** Loads a workload file by name, or returns null when the bench-data folder is absent. */
export function loadWorkload(fileName: string): Workload | null {
  const file = path.join(benchDataDir, fileName);
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as WorkloadFile;
  return { name: fileName, file: parsed, query: workloadQuery(parsed) };
}
