import { writeFileSync } from 'node:fs';
import path from 'node:path';
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

const config: UserConfig = {
  plugins: [react(), tailwindcss(), buildModeStamp()],
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
      // The contract's modules only declare schemas and constants: a page that imports one
      // constant must not bring every schema (and the parts of zod they use) along.
      treeshake: { moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) ? false : undefined) },
      output: {
        // Only groups that keep a library out of first loads: everything else rolldown splits by
        // who imports it, so a page's chunk brings only the libraries that page uses.
        codeSplitting: {
          groups: [
            // React and the router change less often than the app: their chunk stays cached across deploys.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
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
