import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { escapeHtml } from '../lib/html.ts';

/** What a page's HTML carries before the app's JavaScript has arrived. */
export interface FirstPaint {
  /** The document's title. */
  title: string;
  /** Plain HTML shown in the app's root until the app replaces it. */
  html: string;
  /** API answers by path, which the app takes instead of asking for them again. */
  answers: Record<string, unknown>;
}

/** The first paint of the page at `url` for a viewer (null when signed out), or null for none. */
export type FirstPaintOf = (url: string, viewerId: string | null) => Promise<FirstPaint | null>;

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Serves the built web app from the same process and port as the API. Unknown GET paths that
 * are not API calls get index.html so the SPA's router can answer (and show 'Page not found');
 * a page with a first paint (`firstPaintOf`) gets it written into that HTML.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, firstPaintOf: FirstPaintOf = async () => null): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  // Read once: the build does not change under a running server.
  const shell = hasBuild ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
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
    const isApi = /^\/(api|sanctum|auth\/social|images|feeds|dev)(\/|$)/.test(req.url);
    if (req.method === 'GET' && !isApi && hasBuild) {
      reply.header('Cache-Control', 'no-cache');
      const first = await firstPaintOf(req.url, req.user?.id ?? null).catch((err: unknown) => {
        req.log.warn({ err }, 'no first paint for this page'); // the app still draws the page itself
        return null;
      });
      if (!first) return reply.sendFile('index.html');
      // The app's stylesheets move from <head> to after the first paint: a stylesheet in <head> holds
      // back every paint until it has arrived, while the first paint is styled inline.
      const styles = shell.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
      // Replacer functions, not replacement strings: a string's $' $` $& would copy parts of the
      // shell wherever a studio's name, bio or plan name holds them.
      const html = styles
        .reduce((page, link) => page.replace(link, () => ''), shell)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(first.title)}</title>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${first.html}</div>${styles.join('')}<script type="application/json" id="first-answers">${scriptJson(first.answers)}</script>`,
        );
      return reply.type('text/html; charset=utf-8').send(html);
    }
    if (req.method === 'GET' && !isApi) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.code(404).send({ message: 'Not found.', code: 'not_found' });
  });
}
