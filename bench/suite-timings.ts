/**
 * Where the API suite's time goes: runs the server's tests with Vitest's JSON reporter, once per
 * engine (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), and prints each file's time,
 * slowest first, with its share of the engine's total and the run's wall-clock time.
 *
 *   npm run bench:suite                         # both engines, every server test file
 *   npm run bench:suite -- --engine pglite      # one engine
 *   npm run bench:suite -- appointments auth    # only files whose path contains one of these
 *
 * A script, not a benchmark of `run-all.ts`: a whole run takes minutes. Extra Vitest options go
 * after `--` (e.g. `-- --maxWorkers 1`). It exits non-zero when a test failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface JsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const args = process.argv.slice(2);
const passThrough = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
const engineArg = own.indexOf('--engine');
const onlyEngine = engineArg >= 0 ? own[engineArg + 1] : undefined;
const filters = own.filter((_, i) => engineArg < 0 || (i !== engineArg && i !== engineArg + 1));

const engines = (['pglite', 'postgres'] as const).filter((e) => !onlyEngine || e === onlyEngine);
if (engines.includes('postgres') && !process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: PostgreSQL is skipped.');
}

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
let failed = false;
const summary: string[] = [];

for (const engine of engines) {
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL) continue;
  const dir = mkdtempSync(path.join(tmpdir(), 'suite-timings-'));
  const outputFile = path.join(dir, 'report.json');
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      `server:${engine}`,
      '--reporter=json',
      `--outputFile=${outputFile}`,
      ...passThrough,
      ...filters,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
  );
  const wall = Date.now() - started;
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8')) as JsonReport;
  } catch {
    console.error(`server:${engine}: Vitest wrote no report (exit ${run.status}).`);
    failed = true;
    continue;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (run.status !== 0 || report.numFailedTests > 0) failed = true;
  const files = report.testResults
    .map((r) => ({
      file: path.relative(path.join(root, 'server'), r.name),
      ms: r.endTime - r.startTime,
      tests: r.assertionResults.length,
      status: r.status,
    }))
    .sort((a, b) => b.ms - a.ms);
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  console.log(`\n=== server:${engine}: ${files.length} files, ${report.numTotalTests} tests, ${report.numFailedTests} failed ===`);
  console.log(`${'s'.padStart(7)}  share  tests  file`);
  for (const f of files) {
    const share = `${((f.ms / total) * 100).toFixed(1)}%`.padStart(5);
    console.log(`${seconds(f.ms)}  ${share}  ${String(f.tests).padStart(5)}  ${f.file}${f.status === 'passed' ? '' : `  (${f.status})`}`);
  }
  for (const r of report.testResults)
    for (const a of r.assertionResults.filter((x) => x.status === 'failed'))
      console.log(`FAILED ${path.relative(root, r.name)} › ${a.fullName}: ${a.failureMessages[0]?.split('\n')[0] ?? ''}`);
  const line = `server:${engine}: wall ${seconds(wall).trim()} s, files summed ${seconds(total).trim()} s`;
  console.log(line);
  summary.push(line);
}

if (summary.length > 1) console.log(`\n${summary.join('\n')}`);
process.exitCode = failed ? 1 : 0;
