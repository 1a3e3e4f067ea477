import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionCookies } from '../../plugins/auth.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import { SocialSignInError, type socialService } from './social.service.ts';

const STATE_COOKIE = 'slotted_oauth_state';
/**
 * Set by the web app when sign-in interrupted a booking or purchase
 * (docs/product-rules.md#roles-and-accounts).
 */
const REDIRECT_COOKIE = 'redirect_after_login';

// Control characters could smuggle a host past the slash checks.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f]/;
const safePath = (p: string | undefined) =>
  p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && !CONTROL_CHARACTERS.test(p) ? p : '/';

/** An unknown provider, like one this installation has not configured, is not found. */
const notAvailable = (message: string) => () => new AppError('not_found', message);

export const socialRoutes: FastifyPluginAsyncZod<{
  social: ReturnType<typeof socialService>;
  sessions: SessionCookies;
  config: Config;
}> = async (app, deps) => {
  const { social, sessions, config } = deps;
  const cookie = { path: '/auth/social', httpOnly: true, sameSite: 'lax' as const, secure: config.secure };
  const toLogin = (reply: FastifyReply, reason: string, provider: string) =>
    reply.redirect(`/login?social_error=${reason}&provider=${provider}`);

  const startUnavailable = 'This sign-in method is not available.';
  app.route({
    ...apiRoute('socialStart'),
    schemaErrorFormatter: notAvailable(startUnavailable),
    handler: async (req, reply) => {
      const { provider } = req.params;
      if (!social.isConfigured(provider)) throw notAvailable(startUnavailable)();
      try {
        const { url, state } = await social.start(provider, req.query.timezone);
        reply.setCookie(STATE_COOKIE, state, { ...cookie, maxAge: 600 });
        return reply.redirect(url);
      } catch (err) {
        req.log.error({ err }, 'social sign-in could not start');
        return toLogin(reply, 'failed', provider);
      }
    },
  });

  app.route({
    ...apiRoute('socialCallback'),
    schemaErrorFormatter: notAvailable('Not found.'),
    handler: async (req, reply) => {
      const { provider } = req.params;
      if (!social.isConfigured(provider)) throw notAvailable('Not found.')();
      const cookieState = req.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, cookie);
      const callbackUrl = new URL(req.url, config.appUrl);
      try {
        await social.finish(provider, callbackUrl, cookieState, (tx, userId) => sessions.start(tx, reply, req, userId));
      } catch (err) {
        if (!(err instanceof SocialSignInError)) throw err;
        if (err.reason === 'failed') req.log.warn({ err: err.cause }, 'social sign-in failed');
        return toLogin(reply, err.reason, provider);
      }
      const next = safePath(req.cookies[REDIRECT_COOKIE]);
      reply.clearCookie(REDIRECT_COOKIE, { path: '/' });
      return reply.redirect(next);
    },
  });
};
