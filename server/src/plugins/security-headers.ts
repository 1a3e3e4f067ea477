import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. Stripe's script and frames, and YouTube embeds in rich text,
 * are the only third parties the pages may load.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { secure: boolean; stripeApiUrl?: string | null }): void {
  // A Stripe-compatible server other than Stripe's (STRIPE_API_URL) is what Stripe.js talks to.
  const stripeApi = opts.stripeApiUrl ? new URL(opts.stripeApiUrl).origin : 'https://api.stripe.com';
  const csp = [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https://api.stripe.com${stripeApi === 'https://api.stripe.com' ? '' : ` ${stripeApi}`}`,
    'frame-src https://js.stripe.com https://hooks.stripe.com https://www.youtube-nocookie.com https://www.youtube.com',
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (opts.secure) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
