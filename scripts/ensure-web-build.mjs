#!/usr/bin/env node
// Builds the web app when web/dist is missing, older than its sources or not a production build,
// so `npm start` always serves the current UI, optimised, without rebuilding on every start.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');
// Written by the web build (web/vite.config.ts): a dist from `vite build --mode development` or a
// build under NODE_ENV=development holds React's development bundle and must not be served.
const stamp = path.join(root, 'web/dist/build-mode.txt');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'packages/contract/src', 'package-lock.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

const production = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === 'production';
const stale = !existsSync(built) || !production || Math.max(...sources.map((s) => newest(path.join(root, s)))) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
