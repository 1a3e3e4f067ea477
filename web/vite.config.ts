import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The API server (npm start) listens here; in development Vite forwards the server's paths to it. */
const apiOrigin = 'http://localhost:3000';

/**
 * What only the Insights page's charts use. They get a chunk of their own that loads with that
 * lazy route; vendor leaves them out, and claims first what the app shares with them (clsx), since
 * a group also takes the modules its own modules import.
 */
const CHART_PACKAGES =
  '(recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|decimal\\.js-light|eventemitter3|tiny-invariant)';

const toServer: ProxyOptions = {
  target: apiOrigin,
  // /auth/logout is also an SPA page (it POSTs to the server's /auth/logout): a browser navigation
  // to it gets the app, everything else under /auth goes to the server.
  bypass: (req) =>
    req.method === 'GET' && req.url?.startsWith('/auth/logout') && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': toServer, '/sanctum': toServer, '/auth': toServer, '/images': toServer, '/dev': toServer, '/stripe': toServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'radix', test: /node_modules[\\/]@radix-ui[\\/]/, priority: 2 },
            // The editor loads only with the forms that use it (components/ui/lazy-rich-text-editor.tsx).
            {
              name: 'editor',
              test: /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname|markdown-it)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: new RegExp(`node_modules[\\\\/](?!${CHART_PACKAGES}[\\\\/])`), priority: 1 },
            { name: 'charts', test: new RegExp(`node_modules[\\\\/]${CHART_PACKAGES}[\\\\/]`), priority: 0 },
          ],
        },
      },
    },
  },
});
