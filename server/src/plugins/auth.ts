/**
 * Sessions and CSRF in the manner of Laravel Sanctum's SPA mode
 * (docs/architecture.md#sign-in-sessions-and-csrf): an HttpOnly session cookie whose SHA-256 names
 * a database row, and a readable XSRF-TOKEN cookie that every state-changing request must echo in
 * X-XSRF-TOKEN, from APP_URL's origin. The token is signed together with the session it was issued
 * to (none before sign-in), so a token planted in or taken from one session is refused in another;
 * a new one comes with every session change.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/app-error.ts';
import { apiRoute } from './route-table.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/tokens.ts';
import type { users } from '../db/schema.ts';
import { deleteSession, insertSession, SESSION_TTL_DAYS, sessionUsers, touchSession } from './sessions.queries.ts';

/**
 * The signed-in user's row. Modules call it `UserRow` (modules/users); plugins sit below the
 * modules and may not import them, so they name the table's row directly — the same type.
 */
type SignedInUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
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

/** The XSRF token of a nonce: signed together with the session it is issued to (null before sign-in). */
export function xsrfToken(secret: string, nonce: string, sessionIdHash: string | null): string {
  return `${nonce}.${hmac(secret, `xsrf:${sessionIdHash ?? 'anonymous'}:${nonce}`)}`;
}

export function registerAuth(app: FastifyInstance, deps: { db: Db; clock: Clock; config: Config; csrfExempt?: string[] }): SessionCookies {
  const { db, clock, config } = deps;
  const cookieName = sessionCookieName(config);
  const exempt = new Set(deps.csrfExempt ?? []);
  const appOrigin = new URL(config.appUrl).origin;
  const sessionUser = sessionUsers(db, clock);

  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: config.secure };

  const issueXsrf = (reply: FastifyReply, sessionIdHash: string | null) => {
    reply.setCookie(XSRF_COOKIE, xsrfToken(config.sessionSecret, randomToken(24), sessionIdHash), {
      ...cookieBase,
      httpOnly: false,
      maxAge: SESSION_TTL_DAYS * 86_400,
    });
  };
  const validXsrf = (token: string, sessionIdHash: string | null) => {
    const [nonce] = token.split('.');
    return !!nonce && safeEqual(token, xsrfToken(config.sessionSecret, nonce, sessionIdHash));
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);

  /** 419 unless the request comes from APP_URL's page and echoes a token issued to this session. */
  const checkCsrf = (req: FastifyRequest, sessionIdHash: string | null) => {
    const origin = req.headers.origin;
    // Only APP_URL: the Host header is the client's to choose, so matching it proves nothing.
    if (origin && origin !== appOrigin) {
      throw new AppError('csrf_token_mismatch', 'Cross-site request refused.');
    }
    const cookie = req.cookies[XSRF_COOKIE];
    const header = req.headers[XSRF_HEADER];
    // Tokens are base64url, so the header is compared as sent (no decoding that could throw).
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header) || !validXsrf(cookie, sessionIdHash)) {
      throw new AppError('csrf_token_mismatch', 'CSRF token mismatch. Please reload the page and try again.');
    }
  };

  app.addHook('onRequest', async (req) => {
    const raw = req.cookies[cookieName];
    const idHash = raw ? sha256(raw) : null;
    const now = clock.now();
    const found = idHash ? await sessionUser(idHash) : undefined;
    if (!SAFE_METHODS.has(req.method) && !exempt.has(req.routeOptions.url ?? '')) checkCsrf(req, found ? idHash : null);
    if (!found || !idHash) return;
    req.user = found.user;
    req.sessionIdHash = idHash;
    if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, idHash, now);
  });

  // Answers may be about the viewer (sessions, tokens, clients' contact details): no browser or
  // shared cache keeps them. Only routes that serve the same bytes to everyone say otherwise
  // (build files, images, the SPA shell set their own Cache-Control).
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...apiRoute('csrfCookie'),
    handler: async (req, reply) => {
      issueXsrf(reply, req.sessionIdHash);
      return reply.code(204).send();
    },
  });

  return {
    /** Signs the user in: any previous session of this browser is dropped (rotation). */
    async start(tx, reply, req, userId) {
      if (req.sessionIdHash) await deleteSession(tx, req.sessionIdHash);
      const raw = randomToken();
      const idHash = sha256(raw);
      await insertSession(tx, idHash, userId, clock.now(), req.headers['user-agent'] ?? null);
      reply.setCookie(cookieName, raw, { ...cookieBase, httpOnly: true, maxAge: SESSION_TTL_DAYS * 86_400 });
      issueXsrf(reply, idHash);
    },
    async end(reply, req) {
      if (req.sessionIdHash) await deleteSession(db, req.sessionIdHash);
      reply.clearCookie(cookieName, { ...cookieBase, httpOnly: true });
      issueXsrf(reply, null);
    },
  };
}
