#!/usr/bin/env node
// `npm run validate`: lint, typecheck and the unit/API tests at the same time (they share no
// state), each through its own npm script so the commands are defined once in package.json.
// Each check's output is printed in one piece when it ends, so the three never interleave;
// the exit code is non-zero when any check failed.
import { spawn } from 'node:child_process';

const checks = ['lint', 'typecheck', 'test:unit'];
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { env: { ...process.env, ...color }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trim();
      console.log(`\n── ${script} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s ──${text ? `\n${text}` : ''}`);
      resolve({ script, ok: code === 0 });
    });
  });
}

const results = await Promise.all(checks.map(run));
const failed = results.filter((r) => !r.ok).map((r) => r.script);
console.log(failed.length === 0 ? `\nvalidate: ${checks.join(', ')} passed.` : `\nvalidate: FAILED: ${failed.join(', ')}.`);
process.exitCode = failed.length === 0 ? 0 : 1;
