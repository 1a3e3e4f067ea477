import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import type { DevOutbox } from './mailer.ts';
import { escapeHtml } from '../lib/html.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: behind one, the loopback address is the proxy's, not the reader's. */
const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
];
const forwarded = (headers: Record<string, unknown>) =>
  FORWARDING_HEADERS.some((h) => h in headers) || Object.keys(headers).some((h) => h.startsWith('x-forwarded-'));

/**
 * /dev/outbox lists the e-mails the app would have sent. It exists only with DEV_OUTBOX=true
 * (never in production, never with SMTP), and answers only to a browser on this machine that
 * reached it directly: the links in it sign anyone in.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: DevOutbox }> = async (app, { outbox }) => {
  // A development page, not part of the API: not in /api/docs.
  app.get('', { schema: { hide: true } }, async (req, reply) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || forwarded(req.headers)) throw new AppError('not_found', 'Not found.');
    const rows = outbox.list().map((m) => {
      const linked = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      return `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.sentAt.toISOString()}</span></header><pre>${linked}</pre></article>`;
    });
    const body =
      rows.length > 0
        ? rows.join('')
        : '<p class="empty">No e-mails yet. Sign in at <a href="/login">/login</a> and the link will appear here.</p>';
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox · Slotted</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}article{border:1px solid #e5e7eb;border-radius:12px;padding:1rem;margin:1rem 0}header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem}header span{color:#6b7280;font-size:.85rem}pre{white-space:pre-wrap;word-break:break-all;font:inherit}a{color:#4f46e5}.empty{color:#6b7280}</style></head>
<body><h1>Development outbox</h1><p>E-mails are not sent because <code>SMTP_URL</code> is not set (<code>DEV_OUTBOX=true</code> shows them here). Newest first; reload to refresh.</p>${body}</body></html>`;
  });
};
