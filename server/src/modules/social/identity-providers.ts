/**
 * The two social sign-in providers, through `openid-client` (docs/architecture.md#social-sign-in):
 * Google by OpenID Connect discovery (code flow with PKCE, state and nonce; the library checks the
 * ID token's issuer, audience, expiry and nonce, and its signature against the issuer's published
 * keys once its non-repudiation checks, off by default, are on), Facebook by its OAuth 2 code flow
 * and the Graph API `/me`. Endpoints come from configuration so tests and self-hosters can point
 * them elsewhere; plain http is allowed only for loopback addresses.
 */
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OauthAttempt } from './oauth-attempts.queries.ts';

export type ProviderName = 'google' | 'facebook';

export interface SocialProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface IdentityProvider {
  authorizationUrl(attempt: { state: string; nonce: string; codeVerifier: string }, redirectUri: string): Promise<URL>;
  /** Exchanges the code of the callback URL; throws when anything does not check out. */
  profile(callbackUrl: URL, attempt: OauthAttempt): Promise<SocialProfile>;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const insecureIfLoopback = (url: string) =>
  url.startsWith('http://') && LOOPBACK.has(new URL(url).hostname) ? [oidc.allowInsecureRequests] : [];

/** The library reads time from Date.now(); our clock may differ (tests move it), so tell it by how much. */
const skewSeconds = (clock: Clock) => Math.round((clock.now().getTime() - Date.now()) / 1000);

function googleProvider(cfg: NonNullable<Config['social']['google']>, clock: Clock): IdentityProvider {
  let metadata: Promise<oidc.ServerMetadata> | null = null;
  // The issuer's signing keys, kept across sign-ins (the library refetches them when they rotate).
  let jwks: oidc.ExportedJWKSCache | undefined;
  const configuration = async () => {
    metadata ??= oidc
      .discovery(new URL(cfg.issuer), cfg.clientId, cfg.clientSecret, undefined, { execute: insecureIfLoopback(cfg.issuer) })
      .then((c) => c.serverMetadata())
      .catch((err: unknown) => {
        metadata = null; // try discovery again next time
        throw err;
      });
    const config = new oidc.Configuration(
      await metadata,
      cfg.clientId,
      { client_secret: cfg.clientSecret, [oidc.clockSkew]: skewSeconds(clock) },
      oidc.ClientSecretPost(cfg.clientSecret),
    );
    for (const fn of insecureIfLoopback(cfg.issuer)) fn(config);
    oidc.enableNonRepudiationChecks(config);
    if (jwks) oidc.setJwksCache(config, jwks);
    return config;
  };
  return {
    async authorizationUrl(a, redirectUri) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: a.state,
        nonce: a.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(a.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(callbackUrl, attempt) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedNonce: attempt.nonce,
        expectedState: oidc.skipStateCheck,
        idTokenExpected: true,
      });
      jwks = oidc.getJwksCache(config) ?? jwks;
      const claims = tokens.claims();
      if (!claims) throw new Error('An ID token was expected (idTokenExpected), so it has claims');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}

function facebookProvider(cfg: NonNullable<Config['social']['facebook']>, clock: Clock): IdentityProvider {
  const configuration = () => {
    const config = new oidc.Configuration(
      { issuer: new URL(cfg.authorizationUrl).origin, authorization_endpoint: cfg.authorizationUrl, token_endpoint: cfg.tokenUrl },
      cfg.clientId,
      { client_secret: cfg.clientSecret, [oidc.clockSkew]: skewSeconds(clock) },
      oidc.ClientSecretPost(cfg.clientSecret),
    );
    for (const fn of insecureIfLoopback(cfg.tokenUrl)) fn(config);
    return config;
  };
  return {
    async authorizationUrl(a, redirectUri) {
      return oidc.buildAuthorizationUrl(configuration(), {
        redirect_uri: redirectUri,
        scope: 'email,public_profile',
        state: a.state,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(a.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(callbackUrl, attempt) {
      const config = configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: oidc.skipStateCheck,
      });
      const me = new URL(`${cfg.graphUrl}/me`);
      me.searchParams.set('fields', 'id,name,email,picture.type(large)');
      const res = await oidc.fetchProtectedResource(config, tokens.access_token, me, 'GET');
      if (!res.ok) throw new Error(`Graph /me answered ${res.status}`);
      const body = (await res.json()) as {
        id?: string;
        name?: string;
        email?: string;
        picture?: { data?: { url?: string; is_silhouette?: boolean } };
      };
      if (!body.id) throw new Error('Graph /me gave no id');
      return {
        subject: body.id,
        // Facebook returns only an address its user has confirmed.
        email: body.email?.toLowerCase() ?? null,
        emailVerified: !!body.email,
        name: body.name ?? null,
        picture: body.picture?.data?.is_silhouette ? null : (body.picture?.data?.url ?? null),
      };
    },
  };
}

export function identityProviders(config: Config, clock: Clock): Partial<Record<ProviderName, IdentityProvider>> {
  return {
    ...(config.social.google ? { google: googleProvider(config.social.google, clock) } : {}),
    ...(config.social.facebook ? { facebook: facebookProvider(config.social.facebook, clock) } : {}),
  };
}
