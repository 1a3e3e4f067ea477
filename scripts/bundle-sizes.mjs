// What a first load of each route downloads, read from the web build's manifest
// (web/dist/.vite/manifest.json): the entry, the route's page chunk and every chunk they import
// statically, with their CSS. Shared by bench/bundle-size.bench.ts and scripts/check-bundle-budget.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

/** Public pages must stay within this much JS (gzip) on a first load: visitors arrive on phones. */
export const PUBLIC_BUDGET_GZIP = 100 * 1024;

/**
 * The measured routes: a URL, the page module the route table lazy-loads, and whether visitors see
 * it signed out (then CI holds it to PUBLIC_BUDGET_GZIP).
 */
export const ROUTES = [
  { route: '/demo (profile)', page: 'src/features/profile/pages/profile-page.tsx', isPublic: true },
  { route: '/demo/:service (choose time)', page: 'src/features/choose-time/pages/choose-time-page.tsx', isPublic: true },
  {
    route: '/appointments/:id (checkout, confirmation)',
    page: 'src/features/appointments/pages/appointment-confirmation-page.tsx',
    isPublic: true,
  },
  {
    route: '/memberships/:id (checkout, confirmation)',
    page: 'src/features/memberships/pages/membership-confirmation-page.tsx',
    isPublic: true,
  },
  { route: '/login', page: 'src/features/auth/pages/login-page.tsx', isPublic: true },
  { route: '/schedule', page: 'src/app/schedule-route.tsx', isPublic: false },
  { route: '/services', page: 'src/features/services/pages/services-page.tsx', isPublic: false },
];

/** Builds the web app (always in production mode) when there is no build with a manifest. */
export function ensureBuild() {
  if (existsSync(manifestPath)) return;
  console.log('Building the web app…');
  execSync('npm run build -w web', { cwd: root, stdio: 'inherit' });
}

function readManifest() {
  if (!existsSync(manifestPath)) throw new Error(`${path.relative(root, manifestPath)} is missing: run npm run build first`);
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
}

/** The files a first load fetches: the chunks of `keys` and their static imports, transitively. */
function firstLoadFiles(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is it still lazy-loaded by the route table?`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

function measure(files) {
  const size = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    size.raw += bytes.length;
    size.gzip += gzipSync(bytes, { level: 9 }).length;
    size.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return size;
}

/** Per route: the first load's JS and CSS, each as raw, gzip and brotli bytes. */
export function routeSizes() {
  const manifest = readManifest();
  return ROUTES.map(({ route, page, isPublic }) => {
    const files = firstLoadFiles(manifest, ['index.html', page]);
    return { route, isPublic, js: measure(files.js), css: measure(files.css), files };
  });
}

export const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** The routes as a table: JS and CSS raw / gzip / brotli, and the public routes against the budget. */
export function formatTable(sizes) {
  const rows = sizes.map((s) => [
    s.route,
    kB(s.js.raw),
    kB(s.js.gzip),
    kB(s.js.brotli),
    kB(s.css.raw),
    kB(s.css.gzip),
    kB(s.css.brotli),
    s.isPublic ? `${Math.round((s.js.gzip / PUBLIC_BUDGET_GZIP) * 100)}% of ${kB(PUBLIC_BUDGET_GZIP)}` : '—',
  ]);
  const header = ['route (first load)', 'JS raw', 'JS gzip', 'JS br', 'CSS raw', 'CSS gzip', 'CSS br', 'JS gzip budget'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
