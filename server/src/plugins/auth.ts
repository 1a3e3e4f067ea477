/**
 * Sessions and CSRF in the manner of Laravel Sanctum's SPA mode (DESIGN.md §3):
 * an HttpOnly session cookie whose SHA-256 names a database row, and a readable XSRF-TOKEN
 * cookie that every state-changing request must echo in X-XSRF-TOKEN, from our own origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@slotted/contract';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { forbidden, HttpError, unauthenticated } from '../lib/http-error.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/tokens.ts';
import { deleteSession, findSessionUser, insertSession, SESSION_TTL_DAYS, touchSession, type UserRow } from '../modules/auth/sessions.queries.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionIdHash: string | null;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_EVERY_MS = 60 * 60_000;

export interface SessionCookies {
  start(tx: Db | Tx, reply: FastifyReply, req: FastifyRequest, userId: string): Promise<void>;
  end(reply: FastifyReply, req: FastifyRequest): Promise<void>;
}

export function sessionCookieName(config: Pick<Config, 'secure'>): string {
  return config.secure ? '__Host-slotted_session' : 'slotted_session';
}

export function registerAuth(app: FastifyInstance, deps: { db: Db; clock: Clock; config: Config; csrfExempt?: string[] }): SessionCookies {
  const { db, clock, config } = deps;
  const cookieName = sessionCookieName(config);
  const exempt = new Set(deps.csrfExempt ?? []);
  const allowedOrigins = new Set([new URL(config.appUrl).origin]);

  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: config.secure };

  const issueXsrf = (reply: FastifyReply) => {
    const nonce = randomToken(24);
    reply.setCookie(XSRF_COOKIE, `${nonce}.${hmac(config.sessionSecret, nonce)}`, { ...cookieBase, httpOnly: false, maxAge: SESSION_TTL_DAYS * 86_400 });
  };
  const validXsrf = (token: string) => {
    const [nonce, mac] = token.split('.');
    return !!nonce && !!mac && safeEqual(mac, hmac(config.sessionSecret, nonce));
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);

  app.addHook('onRequest', async (req) => {
    if (!SAFE_METHODS.has(req.method) && !exempt.has(req.routeOptions.url ?? '')) {
      const origin = req.headers.origin;
      if (origin && !allowedOrigins.has(origin) && origin !== `${req.protocol}://${req.host}`) {
        throw new HttpError(419, ERROR_CODES.csrfMismatch, 'Cross-site request refused.');
      }
      const cookie = req.cookies[XSRF_COOKIE];
      const header = req.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !safeEqual(cookie, decodeURIComponent(header)) || !validXsrf(cookie)) {
        throw new HttpError(419, ERROR_CODES.csrfMismatch, 'CSRF token mismatch. Please reload the page and try again.');
      }
    }
    const raw = req.cookies[cookieName];
    if (!raw) return;
    const idHash = sha256(raw);
    const now = clock.now();
    const found = await findSessionUser(db, idHash, now);
    if (!found) return;
    req.user = found.user;
    req.sessionIdHash = idHash;
    if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, idHash, now);
  });

  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (_req, reply) => {
    issueXsrf(reply);
    return reply.code(204).send();
  });

  return {
    /** Signs the user in: any previous session of this browser is dropped (rotation). */
    async start(tx, reply, req, userId) {
      if (req.sessionIdHash) await deleteSession(tx, req.sessionIdHash);
      const raw = randomToken();
      await insertSession(tx, sha256(raw), userId, clock.now(), req.headers['user-agent'] ?? null);
      reply.setCookie(cookieName, raw, { ...cookieBase, httpOnly: true, maxAge: SESSION_TTL_DAYS * 86_400 });
      issueXsrf(reply);
    },
    async end(reply, req) {
      if (req.sessionIdHash) await deleteSession(db, req.sessionIdHash);
      reply.clearCookie(cookieName, { ...cookieBase, httpOnly: true });
      issueXsrf(reply);
    },
  };
}

/** Route guard: signed-in users only. */
export async function requireUser(req: FastifyRequest): Promise<void> {
  if (!req.user) throw unauthenticated();
}

/** Route guard: providers only (clients get 403). */
export async function requireProvider(req: FastifyRequest): Promise<void> {
  if (!req.user) throw unauthenticated();
  if (!req.user.isProvider) throw forbidden('Only providers can do that.');
}

export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthenticated();
  return req.user;
}
