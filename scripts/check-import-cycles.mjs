#!/usr/bin/env node
/**
 * Fails when imports go round in a cycle — type-only imports included. ESLint's `import/no-cycle`
 * skips `import type` by design, but a type cycle still ties two modules together (neither can be
 * read, moved or tested without the other), so this check sees every static `import … from` and
 * `export … from` between the project's own files. Lazy `import()` does not count: it is how the
 * route table loads pages, and it creates no load-order dependency.
 *
 * Usage: node scripts/check-import-cycles.mjs (from anywhere inside the repository).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const sourceRoots = ['packages/contract/src', 'server/src', 'server/test', 'web/src', 'e2e', 'bench'];
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...sourceRoots], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && existsSync(path.join(root, file)));

// `import x from '…'`, `import type { X } from '…'`, `export { x } from '…'`, `export * from '…'`
// (across lines), and bare `import '…'`.
const STATIC_IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = path.normalize(path.join(path.dirname(from), specifier));
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (files.includes(candidate)) return candidate;
  }
  return null;
}

const graph = new Map();
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const edges = new Set();
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const target = resolve(file, match[1]);
    if (target && target !== file) edges.add(target);
  }
  graph.set(file, [...edges]);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(file) {
  const s = { index, low: index, onStack: true };
  index++;
  state.set(file, s);
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    const t = state.get(next);
    if (!t) {
      connect(next);
      s.low = Math.min(s.low, state.get(next).low);
    } else if (t.onStack) s.low = Math.min(s.low, t.index);
  }
  if (s.low === s.index) {
    const component = [];
    let f;
    do {
      f = stack.pop();
      state.get(f).onStack = false;
      component.push(f);
    } while (f !== file);
    if (component.length > 1) cycles.push(component.sort());
  }
}
for (const file of graph.keys()) if (!state.has(file)) connect(file);

if (cycles.length > 0) {
  console.error(`Import cycles (type-only imports count too): ${cycles.length}`);
  for (const cycle of cycles) console.error(`  - ${cycle.join('\n    ')}`);
  process.exitCode = 1;
}
