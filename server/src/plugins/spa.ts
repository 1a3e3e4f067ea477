import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app from the same process and port as the API. Unknown GET paths that
 * are not API calls get index.html so the SPA's router can answer (and show 'Page not found').
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      // '/' is the SPA's shell like any other page (without this the plugin refuses the directory).
      index: ['index.html'],
      // The .br/.gz copies web/scripts/precompress.mjs writes at build time, chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Vite fingerprints everything under assets/: cache it for good; never cache the shell.
        res.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    // Paths the server answers itself; everything else is a page of the SPA (including /auth/logout).
    const isApi = /^\/(api|sanctum|auth\/social|images|dev)(\/|$)/.test(req.url);
    if (req.method === 'GET' && !isApi && hasBuild) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    if (req.method === 'GET' && !isApi) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.code(404).send({ message: 'Not found.', code: 'not_found' });
  });
}
