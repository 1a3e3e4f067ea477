#!/usr/bin/env node
// Builds the web app when web/dist is missing or older than its sources, so `npm start` always
// serves the current UI without rebuilding on every start.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'packages/contract/src', 'package-lock.json'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

const stale = !existsSync(built) || Math.max(...sources.map((s) => newest(path.join(root, s)))) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
}
