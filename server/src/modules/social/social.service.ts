/**
 * Social sign-in (issue 5). The attempt (state, nonce, PKCE verifier) is kept server-side and
 * bound to the browser by a cookie holding the state; it works once and for 10 minutes. An
 * identity signs in its user; a new identity needs an e-mail the provider says is verified, and
 * then links to the account with that e-mail or creates one — never both, and never half: the
 * user, identity and avatar are one transaction. An unverified address would otherwise claim an
 * account its real owner later reaches by e-mail link (docs/architecture.md, Social sign-in).
 */
import { eq } from 'drizzle-orm';
import { isIanaZone } from '@slotted/contract';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { insertImage, processImage, type ProcessedImage } from '../images/index.ts';
import type { IdentityProvider, ProviderName, SocialProfile } from './identity-providers.ts';
import { findUserByEmail } from '../users/index.ts';
import { consumeAttempt, findIdentityUser, insertAttempt, insertIdentity } from './oauth-attempts.queries.ts';

const ATTEMPT_TTL_MINUTES = 10;
const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** Why a sign-in failed; the login page says it in words (web: social-errors). */
export type SocialFailure = 'denied' | 'state' | 'failed' | 'unverified' | 'no_email';

export class SocialSignInError extends Error {
  constructor(
    readonly reason: SocialFailure,
    cause?: unknown,
  ) {
    super(reason, { cause });
  }
}

export interface SocialDeps {
  db: Db;
  clock: Clock;
  appUrl: string;
  providers: Partial<Record<ProviderName, IdentityProvider>>;
  /** Fetches an avatar picture's bytes (bounded); null when it cannot. */
  fetchPicture?: (url: string) => Promise<Buffer | null>;
}

export const redirectUri = (appUrl: string, provider: ProviderName) => `${appUrl}/auth/social/${provider}/callback`;

async function fetchPictureBounded(url: string): Promise<Buffer | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'follow' });
    if (!res.ok || !res.body) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > PICTURE_MAX_BYTES) return null;
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

export function socialService(deps: SocialDeps) {
  const { db, clock } = deps;
  const fetchPicture = deps.fetchPicture ?? fetchPictureBounded;

  async function avatarOf(profile: SocialProfile): Promise<ProcessedImage | null> {
    if (!profile.picture || !/^https?:\/\//.test(profile.picture)) return null;
    const bytes = await fetchPicture(profile.picture);
    if (!bytes) return null;
    const result = await processImage(bytes, 'avatar', PICTURE_MAX_BYTES);
    return result.ok ? result.image : null;
  }

  async function resolveUser(
    tx: Tx,
    provider: ProviderName,
    profile: SocialProfile,
    timezone: string | null,
    avatar: ProcessedImage | null,
  ): Promise<string> {
    const known = await findIdentityUser(tx, provider, profile.subject);
    // An identity that made its account from an unverified address (allowed once) does not sign in.
    if (known && !known.emailVerified) throw new SocialSignInError('unverified');
    if (known) return known.userId;
    if (!profile.email) throw new SocialSignInError('no_email');
    // Linking or creating an account needs proof the person owns its address; the same answer
    // either way, so it does not tell whether an account exists.
    if (!profile.emailVerified) throw new SocialSignInError('unverified');
    const existing = await findUserByEmail(tx, profile.email);
    const identity = { provider, subject: profile.subject, email: profile.email, emailVerified: profile.emailVerified };
    if (existing) {
      await insertIdentity(tx, { ...identity, userId: existing.id });
      return existing.id;
    }
    const now = clock.now();
    const [user] = await tx
      .insert(users)
      .values({
        email: profile.email,
        name: profile.name?.trim().slice(0, 100) || (profile.email.split('@')[0] ?? profile.email),
        timezone: timezone ?? 'UTC',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!user) throw new Error('INSERT … RETURNING answers the inserted row');
    if (avatar) {
      const imageId = await insertImage(tx, user.id, avatar);
      await tx.update(users).set({ avatarImageId: imageId }).where(eq(users.id, user.id));
    }
    await insertIdentity(tx, { ...identity, userId: user.id });
    return user.id;
  }

  /** The routes offer only the configured providers (isConfigured). */
  function identityProvider(provider: ProviderName): IdentityProvider {
    const idp = deps.providers[provider];
    if (!idp) throw new Error(`Sign-in with ${provider} is not configured`);
    return idp;
  }

  return {
    isConfigured: (provider: ProviderName) => !!deps.providers[provider],

    /** Starts an attempt: the URL to send the browser to, and the state for its cookie. */
    async start(provider: ProviderName, timezone: string | undefined): Promise<{ url: string; state: string }> {
      const idp = identityProvider(provider);
      const attempt = { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken(48) };
      const now = clock.now();
      await insertAttempt(db, {
        stateHash: sha256(attempt.state),
        provider,
        nonce: attempt.nonce,
        codeVerifier: attempt.codeVerifier,
        timezone: timezone && isIanaZone(timezone) ? timezone : null,
        createdAt: now,
        expiresAt: addMinutes(now, ATTEMPT_TTL_MINUTES),
      });
      return { url: (await idp.authorizationUrl(attempt, redirectUri(deps.appUrl, provider))).toString(), state: attempt.state };
    },

    /** Finishes an attempt from the provider's callback; returns the user to sign in. */
    async finish(
      provider: ProviderName,
      callbackUrl: URL,
      cookieState: string | undefined,
      startSession: (tx: Tx, userId: string) => Promise<void>,
    ): Promise<void> {
      const q = callbackUrl.searchParams;
      const state = q.get('state');
      if (!state || !cookieState || state !== cookieState) throw new SocialSignInError('state');
      const attempt = await consumeAttempt(db, sha256(state), clock.now());
      if (!attempt || attempt.provider !== provider || attempt.expiresAt.getTime() <= clock.now().getTime())
        throw new SocialSignInError('state');
      if (q.get('error')) throw new SocialSignInError('denied');
      let profile: SocialProfile;
      try {
        profile = await identityProvider(provider).profile(callbackUrl, attempt);
      } catch (err) {
        throw new SocialSignInError('failed', err);
      }
      const avatar = await avatarOf(profile);
      try {
        await db.transaction(async (tx) => {
          const userId = await resolveUser(tx, provider, profile, attempt.timezone, avatar);
          await startSession(tx, userId);
        });
      } catch (err) {
        // Two callbacks racing for one new identity: the loser signs in as the winner's user.
        if (isUniqueViolation(err, 'identities_provider_subject') || isUniqueViolation(err, 'users_email_unique')) {
          await db.transaction(async (tx) => startSession(tx, await resolveUser(tx, provider, profile, attempt.timezone, null)));
          return;
        }
        throw err;
      }
    },
  };
}
