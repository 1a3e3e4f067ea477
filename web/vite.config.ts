import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The API server (npm start) listens here; in development Vite forwards the server's paths to it. */
const apiOrigin = 'http://localhost:3000';

const toServer: ProxyOptions = {
  target: apiOrigin,
  // /auth/logout is also an SPA page (it POSTs to the server's /auth/logout): a browser navigation
  // to it gets the app, everything else under /auth goes to the server.
  bypass: (req) =>
    req.method === 'GET' && req.url?.startsWith('/auth/logout') && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
};

/**
 * Writes the NODE_ENV the bundle was built with next to it: scripts/ensure-build.mjs rebuilds a
 * dist that is not a production build instead of serving React's development bundle.
 */
function buildModeStamp(): Plugin {
  let outDir = '';
  return {
    name: 'build-mode-stamp',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    writeBundle: () => writeFileSync(path.join(outDir, 'build-mode.txt'), `${process.env.NODE_ENV}\n`),
  };
}

export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has (NODE_ENV=development
  // would otherwise bundle React's development build). Vite reads NODE_ENV after this config.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

/**
 * The app renders with Preact's React compatibility layer instead of React DOM
 * (docs/decisions/0020-preact-renders-the-app.md): the sources and libraries keep importing
 * 'react' and 'react-dom'; the build and the web tests (vitest.config.ts) resolve them here.
 * src/app/preact-react19.ts restores two React behaviours Preact lacks.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  // A CommonJS package that requires React (React Aria, TipTap, Recharts import it): Preact has
  // useSyncExternalStore, and src/app/use-sync-external-store-with-selector.ts the selector version.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  {
    find: /^use-sync-external-store\/(shim\/)?with-selector(\.js)?$/,
    replacement: fileURLToPath(new URL('./src/app/use-sync-external-store-with-selector.ts', import.meta.url)),
  },
];

/**
 * React Aria is written against React DOM; on Preact two of its modules need a few edits, made here
 * as it is bundled (react-aria's private modules are not exported, so they cannot be patched from
 * the app):
 *
 * - collections/Document.mjs: React Aria Components build a list box's collection by rendering its
 *   items through a portal into a document of their own, which implements what React DOM calls on
 *   a container. Preact also calls `createElementNS` (it creates every element with it) and
 *   `remove()` on a node it removes; and the fake elements said they were comments (nodeType 8)
 *   only for React DevTools, while Preact skips comments when it works out where the next node
 *   goes, so they say they are elements (1).
 * - interactions/createEventHandler.mjs: keyboard handlers get a copy of the event made with
 *   `{...e}`, which copies a React event's fields but none of a native event's (Preact passes the
 *   browser's events, whose fields are getters on their prototype): `key` would be undefined, and
 *   arrow keys in a list box would do nothing. The copy reads every field of the event and its
 *   prototypes instead (the methods bound to the event).
 *
 * Each edit must match exactly once: a React Aria upgrade that changes these modules fails the
 * build and the web tests, rather than a list box at run time. The web tests run on Preact
 * (vitest.config.ts) and use every Select and TimeInput, so a gap this misses fails them too.
 */
const reactAriaEdits: { file: RegExp; edits: [from: string, to: string][] }[] = [
  {
    file: /[\\/]react-aria[\\/]dist[\\/]private[\\/]collections[\\/]Document\.mjs$/,
    edits: [
      ['this.nodeType = 8 // COMMENT_NODE', 'this.nodeType = 1 // ELEMENT_NODE (Preact skips comments when placing nodes)'],
      [
        '    createElement(type) {',
        '    createElementNS(_namespace, type) {\n        return this.createElement(type);\n    }\n    createElement(type) {',
      ],
      ['    addEventListener() {}', '    remove() {\n        this.parentNode?.removeChild(this);\n    }\n    addEventListener() {}'],
    ],
  },
  {
    file: /[\\/]react-aria[\\/]dist[\\/]private[\\/]interactions[\\/]createEventHandler\.mjs$/,
    edits: [
      [
        '        let event = {\n            ...e,',
        "        let fields = {};\n        for(let o = e; o && o !== Object.prototype; o = Object.getPrototypeOf(o))for (let key of Object.getOwnPropertyNames(o))if (!(key in fields)) {\n            let value = e[key];\n            fields[key] = typeof value === 'function' ? value.bind(e) : value;\n        }\n        let event = {\n            ...fields,",
      ],
    ],
  },
];

export function reactAriaOnPreact(): Plugin {
  return {
    name: 'react-aria-on-preact',
    enforce: 'pre',
    transform(code, id) {
      const module = reactAriaEdits.find(({ file }) => file.test(id.split('?')[0] ?? id));
      if (!module) return null;
      let patched = code;
      for (const [from, to] of module.edits) {
        const count = patched.split(from).length - 1;
        if (count !== 1) throw new Error(`${id}: expected "${from}" once, found it ${count} times (web/vite.config.ts, reactAriaOnPreact)`);
        patched = patched.replace(from, to);
      }
      return { code: patched, map: null };
    },
  };
}

const config: UserConfig = {
  plugins: [react(), tailwindcss(), buildModeStamp(), reactAriaOnPreact()],
  resolve: { alias: preactAliases },
  // `npm run dev` pre-bundles the libraries: React Aria gets the same edits there.
  optimizeDeps: { rolldownOptions: { plugins: [reactAriaOnPreact()] } },
  // `npm start` builds quietly (scripts/ensure-build.mjs): a newcomer's terminal shows the sign-in
  // link, not a table of chunk sizes. `npm run build` keeps the table.
  logLevel: process.env.SLOTTED_QUIET_BUILD === '1' ? 'warn' : 'info',
  server: {
    proxy: { '/api': toServer, '/sanctum': toServer, '/auth': toServer, '/images': toServer, '/dev': toServer, '/stripe': toServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each page loads first (scripts/bundle-sizes.mjs measures them).
    manifest: true,
    rolldownOptions: {
      // React Router reads React 19's `useOptimistic`, which Preact lacks, and falls back to plain
      // state when it is undefined (the app uses no optimistic navigation): not worth a warning.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      // The contract's modules only declare schemas and constants: a page that imports one
      // constant must not bring every schema (and the parts of zod they use) along.
      // Radix's modules name their functions with esbuild's `__name(fn, 'name')` helper, also in a
      // class's static block: it only sets `fn.name` (nothing reads it), but kept the unused
      // OrderedDict collection of @radix-ui/react-collection in every page with tabs or a toast
      // (about 3 kB gzip; docs/decisions/0018-public-pages-load-the-rest-on-first-use.md).
      treeshake: {
        manualPureFunctions: ['__name'],
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // Only groups that keep a library out of first loads: everything else rolldown splits by
        // who imports it, so a page's chunk brings only the libraries that page uses.
        codeSplitting: {
          groups: [
            // Preact and the router change less often than the app: their chunk stays cached across deploys.
            { name: 'react', test: /node_modules[\\/](preact|react-router)[\\/]/, priority: 3 },
            // The editor loads only with the forms that use it (components/ui/lazy-rich-text-editor.tsx).
            {
              name: 'editor',
              test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname|markdown-it)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
};
