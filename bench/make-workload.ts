/**
 * Writes a generated workload as JSON, to feed the same input to another scheduler or to keep a
 * copy. Deterministic: the same options always write the same bytes.
 *
 *   node --import tsx bench/make-workload.ts 180-day workload.json
 *   SEED=7 DAYS=60 N_BUSY=170 node --import tsx bench/make-workload.ts custom out.json
 */
import { writeFileSync } from 'node:fs';
import { generateWorkload, WORKLOADS, type WorkloadName, type WorkloadOptions } from './workloads.ts';

const [name = '180-day', out = 'workload.json'] = process.argv.slice(2);
let options: WorkloadOptions;
if (name in WORKLOADS) {
  options = WORKLOADS[name as WorkloadName].options;
} else if (name === 'custom') {
  const env = (key: string, fallback: number) => Number(process.env[key] ?? fallback);
  options = {
    seed: env('SEED', 42),
    days: env('DAYS', 180),
    busyCount: env('N_BUSY', 500),
    startDate: process.env.START_DATE ?? '2030-01-07',
  };
} else {
  console.error(`Unknown workload "${name}": use ${Object.keys(WORKLOADS).join(', ')} or custom.`);
  process.exit(2);
}
const workload = generateWorkload(options);
writeFileSync(out, JSON.stringify(workload, null, 1));
console.log(`wrote ${out}: ${workload.description}; ${workload.startTime} .. ${workload.endTime}`);
