/**
 * A small Facebook-compatible OAuth 2 + Graph API server on loopback: the dialog, the token
 * endpoint (client secret, single-use codes, PKCE S256) and `/me`; it also serves profile pictures.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { must } from './must.ts';

export interface FacebookUser {
  name: string;
  email?: string;
}

export interface FacebookTestServer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Follows the dialog as `user` (or denies): returns the callback URL. */
  authorize(dialogUrl: string, user: string, opts?: { deny?: boolean }): Promise<URL>;
  stop(): Promise<void>;
}

export async function startFacebookServer(users: Record<string, FacebookUser>): Promise<FacebookTestServer> {
  const clientId = 'fb-app-id';
  const clientSecret = 'fb-app-secret';
  const codes = new Map<string, { user: string; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1877f2' } })
    .png()
    .toBuffer();

  const server = createServer(async (req, res) => {
    const url = new URL(must(req.url, 'req.url'), 'http://x');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(type === 'application/json' ? JSON.stringify(body) : (body as Buffer));
    };
    if (url.pathname === '/dialog/oauth') {
      const redirect = new URL(must(url.searchParams.get('redirect_uri'), "url.searchParams.get('redirect_uri')"));
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      const as = url.searchParams.get('as');
      if (url.searchParams.get('client_id') !== clientId) return send(400, { error: { message: 'Invalid app ID' } });
      if (!as || !users[as]) {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_reason', 'user_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          user: as,
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri: must(url.searchParams.get('redirect_uri'), "url.searchParams.get('redirect_uri')"),
        });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { location: redirect.toString() });
      return res.end();
    }
    if (url.pathname === '/oauth/access_token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret ||
        !grant ||
        grant.challenge !== challenge ||
        grant.redirectUri !== form.get('redirect_uri')
      ) {
        return send(400, { error: 'invalid_grant', error_description: 'Invalid verification code format.' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.set(token, grant.user);
      return send(200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
    }
    if (url.pathname === '/me') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /i, '') || url.searchParams.get('access_token') || '';
      const id = tokens.get(token);
      if (!id) return send(401, { error: { message: 'Invalid OAuth access token.' } });
      const u = must(users[id], 'users[id]');
      return send(200, {
        id,
        name: u.name,
        ...(u.email ? { email: u.email } : {}),
        picture: { data: { url: `${base}/pictures/${id}.png`, is_silhouette: false } },
      });
    }
    if (url.pathname.startsWith('/pictures/')) return send(200, picture, 'image/png');
    send(404, { error: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    clientId,
    clientSecret,
    async authorize(dialogUrl, user, opts = {}) {
      const u = new URL(dialogUrl);
      if (!opts.deny) u.searchParams.set('as', user);
      const res = await fetch(u, { redirect: 'manual' });
      return new URL(must(res.headers.get('location'), "res.headers.get('location')"));
    },
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
