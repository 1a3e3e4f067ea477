#!/usr/bin/env node
// `npm start`'s first step: builds what is missing or older than its sources, so the app always
// runs the current code, optimised, without rebuilding on every start:
// - the web app (web/dist), also when it is not a production build;
// - the server, compiled to JavaScript (server/dist/main.js, server/build.mjs), which `npm start`
//   then runs with plain `node`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** True when `output` is missing or older than any of `sources` (paths from the root). */
function stale(output, sources) {
  const built = path.join(root, output);
  return !existsSync(built) || Math.max(...sources.map((s) => newest(path.join(root, s)))) > statSync(built).mtimeMs;
}

// Written by the web build (web/vite.config.ts): a dist from `vite build --mode development` or a
// build under NODE_ENV=development holds React's development bundle and must not be served.
const stamp = path.join(root, 'web/dist/build-mode.txt');
const production = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === 'production';
const webSources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'packages/contract/src', 'package-lock.json'];
if (!production || stale('web/dist/index.html', webSources)) {
  console.log('Building the web app (the first time takes a moment)…');
  execSync('npm run --silent build -w web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', SLOTTED_QUIET_BUILD: '1' },
  });
}

if (stale('server/dist/main.js', ['server/src', 'server/build.mjs', 'packages/contract/src', 'package-lock.json'])) {
  console.log('Compiling the server…');
  execSync('npm run --silent build -w server', { cwd: root, stdio: 'inherit' });
}
