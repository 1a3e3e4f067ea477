import { defineConfig, type ProxyOptions } from 'vite';
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
            // Charts are for the insights page alone; a group of their own keeps them out of shared chunks.
            { name: 'charts', test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|internmap)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
