/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback, standing in for Google, and a
 * browser-like driver for its own sign-in and consent pages.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { must } from './must.ts';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers a second client, for codes issued to someone else. */
  otherClientId: string;
  /** Follows an authorization URL through login (as `sub`) and consent, or aborts; returns the callback URL. */
  signIn(authorizationUrl: string, sub: string, opts?: { deny?: boolean; client?: 'other' }): Promise<URL>;
  /** While on, the token endpoint answers with ID tokens re-signed by a key the provider does not publish. */
  forgeIdTokens(on: boolean): void;
  stop(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string, accounts: Record<string, TestAccount>): Promise<OidcTestProvider> {
  const clientId = 'slotted-test';
  const clientSecret = 'slotted-test-secret-slotted-test-secret';
  const otherClientId = 'someone-else';
  const server = await new Promise<Server>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [clientId, otherClientId].map((id) => ({
      client_id: id,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const account = accounts[sub];
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
  });
  const handle = provider.callback();
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  let forging = false;
  const forge = (idToken: string) => {
    const [header, payload] = idToken.split('.');
    return `${header}.${payload}.${createSign('RSA-SHA256').update(`${header}.${payload}`).sign(strangerKey).toString('base64url')}`;
  };
  server.on('request', (req, res) => {
    if (forging && req.method === 'POST' && req.url?.startsWith('/token')) {
      const end = res.end.bind(res) as (body: string) => void;
      // Koa sends the whole JSON body in one end(): swap the ID token's signature there.
      res.end = ((body: unknown) => {
        const json = JSON.parse(String(body)) as { id_token?: string };
        if (json.id_token) json.id_token = forge(json.id_token);
        const text = JSON.stringify(json);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
        return res;
      }) as typeof res.end;
    }
    void handle(req, res);
  });

  /** Minimal browser: a cookie jar and manual redirects. */
  async function signIn(authorizationUrl: string, sub: string, opts: { deny?: boolean; client?: 'other' } = {}): Promise<URL> {
    const jar = new Map<string, string>();
    const call = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as object), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, ...v] = must(pair, 'pair').split('=');
        jar.set(must(k, 'k').trim(), v.join('='));
      }
      return res;
    };
    let url = authorizationUrl;
    if (opts.client === 'other') {
      const u = new URL(url);
      u.searchParams.set('client_id', otherClientId);
      url = u.toString();
    }
    for (let hops = 0; hops < 20; hops++) {
      if (url.startsWith(redirectUri)) return new URL(url);
      const res = await call(url);
      if (res.status >= 300 && res.status < 400) {
        url = new URL(must(res.headers.get('location'), "res.headers.get('location')"), url).toString();
        continue;
      }
      const html = await res.text();
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      if (!action) throw new Error(`no form at ${url} (${res.status}): ${html.slice(0, 300)}`);
      if (opts.deny) {
        const abort = html.match(/href="([^"]*\/abort)"/)?.[1];
        if (!abort) throw new Error('no abort link');
        url = new URL(abort.replace(/&amp;/g, '&'), url).toString();
        continue;
      }
      const isLogin = html.includes('name="login"');
      const body = new URLSearchParams(isLogin ? { prompt: 'login', login: sub, password: 'any' } : { prompt: 'consent' });
      const post = await call(new URL(action.replace(/&amp;/g, '&'), url).toString(), {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      url = new URL(must(post.headers.get('location'), "post.headers.get('location')"), url).toString();
    }
    throw new Error('too many redirects');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    otherClientId,
    signIn,
    forgeIdTokens: (on) => {
      forging = on;
    },
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
