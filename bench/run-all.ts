/**
 * Runs every `*.bench.ts` in this folder, one after another, each in its own Node process (so
 * one benchmark's JIT and heap do not colour the next). Arguments filter by file name:
 * `npm run bench -- slot` runs only files whose name contains "slot".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (files.length === 0) console.log(`No benchmark matches ${filters.join(', ')}.`);
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit', cwd: here });
  if (result.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
