/** Small timing helpers shared by the benchmarks. Figures are printed, never asserted. */
import os from 'node:os';
import { must } from '../server/test/support/must.ts';

export interface Timing {
  runs: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  minMs: number;
}

function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return must(sorted[i], 'sorted[i]');
}

function summarise(times: number[]): Timing {
  times.sort((a, b) => a - b);
  return {
    runs: times.length,
    medianMs: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    meanMs: times.reduce((a, b) => a + b, 0) / times.length,
    minMs: must(times[0], 'times[0]'),
  };
}

export interface Case {
  fn: () => unknown;
  /** Runs untimed before each timed call. */
  before?: () => void;
}

/**
 * Times several cases in interleaved rounds (each round calls every case once, in a rotating
 * order), after `warmup` untimed rounds. Interleaving exposes all cases to the same machine
 * conditions, so the ratios between them hold even when other work shares the CPU.
 */
export function measureInterleaved(cases: readonly Case[], options: { runs: number; warmup: number }): Timing[] {
  let sink: unknown;
  const times = cases.map(() => [] as number[]);
  for (let round = 0; round < options.warmup + options.runs; round++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (round + k) % cases.length;
      const c = must(cases[i], 'cases[i]');
      c.before?.();
      const t0 = performance.now();
      sink = c.fn();
      const elapsed = performance.now() - t0;
      if (round >= options.warmup) must(times[i], 'times[i]').push(elapsed);
    }
  }
  if (sink === Symbol.for('never')) console.log(sink); // keeps the results observable
  return times.map(summarise);
}

/** Times one case; see `measureInterleaved`. */
export function measure(fn: () => unknown, options: { runs: number; warmup: number; before?: () => void }): Timing {
  return must(
    measureInterleaved([{ fn, before: options.before }], options)[0],
    'measureInterleaved([{ fn, before: options.before }], options)[0]',
  );
}

export const fmtMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(3)) + ' ms';
export const fmtRatio = (r: number): string => (r >= 100 ? r.toFixed(0) : r >= 10 ? r.toFixed(1) : r.toFixed(2)) + '×';

/** One line about the machine, so printed figures can be read in context. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `Node ${process.version}, ${os.cpus().length} × ${cpu.trim()}, ${os.platform()} ${os.arch()}`;
}

/** Prints rows as an aligned table. */
export function printTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => must(r[i], 'r[i]').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(must(widths[i], 'widths[i]')) : c.padStart(must(widths[i], 'widths[i]')))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
