import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { SessionCookies } from '../../plugins/auth.ts';
import type { ProviderName } from './identity-providers.ts';
import { SocialSignInError, type socialService } from './social.service.ts';

const STATE_COOKIE = 'slotted_oauth_state';
/** Set by the web app when sign-in interrupted a booking or purchase (spec §6). */
const REDIRECT_COOKIE = 'redirect_after_login';
const providerParams = z.object({ provider: z.enum(['google', 'facebook']) });

// eslint-disable-next-line no-control-regex -- control characters could smuggle a host past the slash checks
const safePath = (p: string | undefined) => (p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && !/[\u0000-\u001f]/.test(p) ? p : '/');

export function socialRoutes(app: FastifyInstance, deps: { social: ReturnType<typeof socialService>; sessions: SessionCookies; config: Config }): void {
  const { social, sessions } = deps;
  const cookie = { path: '/auth/social', httpOnly: true, sameSite: 'lax' as const, secure: deps.config.secure };
  const toLogin = (reply: FastifyReply, reason: string, provider: string) => reply.redirect(`/login?social_error=${reason}&provider=${provider}`);

  app.get('/auth/social/:provider', { schema: { hide: true } }, async (req, reply) => {
    const parsed = providerParams.safeParse(req.params);
    if (!parsed.success || !social.isConfigured(parsed.data.provider)) return reply.code(404).send({ message: 'This sign-in method is not available.', code: 'not_found' });
    const { timezone } = req.query as { timezone?: string };
    try {
      const { url, state } = await social.start(parsed.data.provider, timezone);
      reply.setCookie(STATE_COOKIE, state, { ...cookie, maxAge: 600 });
      return reply.redirect(url);
    } catch (err) {
      req.log.error({ err }, 'social sign-in could not start');
      return toLogin(reply, 'failed', parsed.data.provider);
    }
  });

  app.get('/auth/social/:provider/callback', { schema: { hide: true } }, async (req, reply) => {
    const parsed = providerParams.safeParse(req.params);
    if (!parsed.success || !social.isConfigured(parsed.data.provider)) return reply.code(404).send({ message: 'Not found.', code: 'not_found' });
    const provider: ProviderName = parsed.data.provider;
    const cookieState = req.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, cookie);
    const callbackUrl = new URL(req.url, deps.config.appUrl);
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
  });
}
