/**
 * Sign-in by e-mail magic link (docs/product-rules.md#sign-in).
 * Links carry 256 random bits, are stored only as a hash, work once and expire after
 * MAGIC_LINK_TTL_MINUTES. Known and unknown e-mails get the same answer.
 */
import { MAGIC_LINK_TTL_MINUTES, type CreateUserRequest } from '@slotted/contract';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { consumeRateLimit } from '../../plugins/rate-limit.ts';
import { magicLinkEmail } from './auth.emails.ts';
import { consumeMagicLink, findMagicLink, insertMagicLink, markMagicLinkVerified, type MagicLinkRow } from './magic-links.queries.ts';
import { findUserByEmail, type UserRow } from '../users/index.ts';

/** How long a new person has to finish "Set up your account" after opening the link. */
const SETUP_WINDOW_MINUTES = 30;

export interface AuthDeps {
  db: Db;
  clock: Clock;
  mail: MailOutbox;
  appUrl: string;
  loginLimits: { perEmail: number; perIp: number; windowMinutes: number };
}

export type StartSession = (tx: Db | Tx, userId: string) => Promise<void>;

export type MagicLinkOutcome = { kind: 'signed-in'; user: UserRow } | { kind: 'needs-setup'; email: string };

export function authService(deps: AuthDeps) {
  const { db, clock } = deps;

  async function enforceLoginLimits(email: string, ip: string) {
    const windowMs = deps.loginLimits.windowMinutes * 60_000;
    const now = clock.now();
    const byIp = await consumeRateLimit(db, `login:ip:${ip}`, deps.loginLimits.perIp, windowMs, now);
    const byEmail = byIp.allowed ? await consumeRateLimit(db, `login:email:${email}`, deps.loginLimits.perEmail, windowMs, now) : byIp;
    if (!byIp.allowed || !byEmail.allowed) {
      const wait = Math.max(byIp.retryAfterSeconds, byEmail.retryAfterSeconds);
      throw new AppError('rate_limited', `Too many sign-in attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`, {
        retryAfterSeconds: wait,
      });
    }
  }

  /** Looks a link up by its token and checks it is usable now. */
  async function usableLink(tx: Db | Tx, token: string): Promise<MagicLinkRow> {
    const link = await findMagicLink(tx, sha256(token));
    if (!link || link.usedAt) {
      throw new AppError('magic_link_invalid', 'This sign-in link is not valid or has already been used. Please request a new one.');
    }
    if (link.expiresAt.getTime() <= clock.now().getTime()) {
      throw new AppError('magic_link_expired', 'The magic link has expired.');
    }
    return link;
  }

  async function signInWithLink(tx: Db | Tx, link: MagicLinkRow, user: UserRow, startSession: StartSession): Promise<UserRow> {
    if (!(await consumeMagicLink(tx, link.id, clock.now()))) {
      throw new AppError('magic_link_invalid', 'This sign-in link is not valid or has already been used. Please request a new one.');
    }
    await startSession(tx, user.id);
    return user;
  }

  return {
    async requestLink(email: string, ip: string): Promise<void> {
      await enforceLoginLimits(email, ip);
      const token = randomToken();
      const now = clock.now();
      await db.transaction(async (tx) => {
        await insertMagicLink(tx, sha256(token), email, now, addMinutes(now, MAGIC_LINK_TTL_MINUTES));
        const existing = await findUserByEmail(tx, email);
        await deps.mail.queue(tx, [magicLinkEmail(email, `${deps.appUrl}/magic-link/${token}`, !existing, MAGIC_LINK_TTL_MINUTES)]);
      });
      // The person is waiting for this one: send it now, not at the next poll.
      deps.mail.wake();
    },

    async openLink(token: string, startSession: StartSession): Promise<MagicLinkOutcome> {
      return db.transaction(async (tx) => {
        const link = await usableLink(tx, token);
        const user = await findUserByEmail(tx, link.email);
        if (user) return { kind: 'signed-in', user: await signInWithLink(tx, link, user, startSession) };
        const now = clock.now();
        const setupUntil = addMinutes(now, SETUP_WINDOW_MINUTES);
        if (!link.verifiedAt) await markMagicLinkVerified(tx, link.id, now, setupUntil > link.expiresAt ? setupUntil : link.expiresAt);
        return { kind: 'needs-setup', email: link.email };
      });
    },

    async createUser(input: CreateUserRequest, startSession: StartSession): Promise<{ user: UserRow; created: boolean }> {
      try {
        return await db.transaction(async (tx) => {
          const link = await usableLink(tx, input.token);
          if (link.email !== input.email) throw validationError({ email: ['This e-mail address does not match your sign-in link.'] });
          // Someone may have finished the set-up in another tab: the link still proves the address.
          const existing = await findUserByEmail(tx, link.email);
          if (existing) return { user: await signInWithLink(tx, link, existing, startSession), created: false };
          const now = clock.now();
          const [user] = await tx
            .insert(users)
            .values({ email: link.email, name: input.name, timezone: input.timezone ?? 'UTC', createdAt: now, updatedAt: now })
            .returning();
          if (!user) throw new Error('INSERT … RETURNING answers the inserted row');
          return { user: await signInWithLink(tx, link, user, startSession), created: true };
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) {
          throw new AppError('conflict', 'Your account was just created in another window. Please sign in again.');
        }
        throw err;
      }
    },
  };
}
