/**
 * Configuration, parsed once from the environment. Nothing else in the server reads process.env.
 * Bad values stop start-up with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/timeouts.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = (what: string) => z.url({ error: `must be a URL (${what})` });
const millis = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100, 'must be at least 100 (milliseconds)').default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535, 'must be a port number (0–65535)').default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url('the address people open, e.g. https://book.example.com').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: millis(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: millis(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Slotted <no-reply@localhost>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CALENDAR_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  CALDAV_ALLOW_PRIVATE_HOSTS: bool.default(false),
  SEED_DEMO: bool.default(true),
  MARKETING_URL: url('the main public site, e.g. https://example.com').optional(),
  TRUST_PROXY: z.string().optional(),
  DEV_OUTBOX: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  BOOKING_LIMIT_PER_USER: z.coerce.number().int().min(1).default(30),
  BOOKING_LIMIT_PER_IP: z.coerce.number().int().min(1).default(120),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER_URL: url('an OpenID Connect issuer').default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: url('the OAuth dialog').default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: url('the token endpoint').default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_GRAPH_URL: url('the Graph API').default('https://graph.facebook.com/v21.0'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: url('the Stripe API, or a Stripe-compatible server').default('https://api.stripe.com'),
  STRIPE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(20),
  STRIPE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: 'must be a percentage' })
    .min(0, 'must be between 0 and 50')
    .max(50, 'must be between 0 and 50')
    .default(0),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** True when the app is served over https: secure cookies, __Host- prefix, HSTS. */
  secure: boolean;
  dataDir: string;
  database: { kind: 'postgres'; url: string; timeouts: DatabaseTimeouts } | { kind: 'pglite'; dir: string | null };
  smtpUrl: string | null;
  mailFrom: string;
  sessionSecret: string;
  /** Calendar connections (docs/decisions/0014-calendar-connections.md). */
  calendars: {
    /** 32 bytes sealing CalDAV passwords at rest (AES-256-GCM). */
    encryptionKey: Buffer;
    /** CalDAV servers on loopback, private or link-local addresses, and plain http://, are allowed. */
    allowPrivateHosts: boolean;
  };
  seedDemo: boolean;
  marketingUrl: string | null;
  /** Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-* headers count; false: none. */
  trustProxy: string[] | false;
  logLevel: string;
  loginLimits: { perEmail: number; perIp: number; windowMinutes: number };
  bookingLimits: { perUser: number; perIp: number; windowMinutes: number };
  /** The /dev/outbox page (DEV_OUTBOX=true): only without SMTP and never in production. */
  devOutbox: boolean;
  webDist: string;
  /** Social sign-in providers that are configured (issue 5); absent ones show no button. */
  social: {
    google: { clientId: string; clientSecret: string; issuer: string } | null;
    facebook: { clientId: string; clientSecret: string; authorizationUrl: string; tokenUrl: string; graphUrl: string } | null;
  };
  /** Card payments with Stripe Connect; null without keys (D11: nothing of it shows). */
  stripe: StripeConfig | null;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's API, or a Stripe-compatible server (the project's test server on loopback). */
  apiUrl: string;
  /** The platform's share of each charge, in percent (0 by default). */
  feePercent: number;
  /** Requests that call Stripe, per signed-in person and per client address, in a window of minutes. */
  callLimits: { perUser: number; perIp: number; windowMinutes: number };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: is required in production (sign-in links are sent by e-mail)');
  }
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: is required in production (at least 32 random characters)');
  }
  if (e.DEV_OUTBOX && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  DEV_OUTBOX: cannot be used in production (its links sign anyone in)');
  }
  if (e.DEV_OUTBOX && e.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  DEV_OUTBOX: has nothing to show when SMTP_URL is set (e-mails go to the SMTP server)');
  }
  if (e.NODE_ENV === 'production' && !e.CALENDAR_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  CALENDAR_ENCRYPTION_KEY: is required in production (32 random bytes in base64: openssl rand -base64 32)',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const pair = (id: string | undefined, secret: string | undefined, name: string) => {
    if (!!id !== !!secret)
      throw new ConfigError(
        `Invalid configuration:\n  ${name}_CLIENT_${id ? 'SECRET' : 'ID'}: is required when ${name}_CLIENT_${id ? 'ID' : 'SECRET'} is set`,
      );
    return id && secret ? { clientId: id, clientSecret: secret } : null;
  };
  const google = pair(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, 'GOOGLE');
  const facebook = pair(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, 'FACEBOOK');
  const dataDir = path.resolve(e.DATA_DIR);
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((k) => !e[k]);
    throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: is required when any Stripe key is set`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    secure: appUrl.startsWith('https://'),
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          timeouts: {
            connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
            statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
            idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          },
        }
      : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? localSecret(dataDir, 'session-secret', 'base64url'),
    calendars: {
      encryptionKey: Buffer.from(e.CALENDAR_ENCRYPTION_KEY ?? localSecret(dataDir, 'calendar-encryption-key', 'base64'), 'base64'),
      allowPrivateHosts: e.CALDAV_ALLOW_PRIVATE_HOSTS,
    },
    seedDemo: e.SEED_DEMO,
    marketingUrl: e.MARKETING_URL?.replace(/\/+$/, '') ?? null,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    loginLimits: { perEmail: e.LOGIN_LIMIT_PER_EMAIL, perIp: e.LOGIN_LIMIT_PER_IP, windowMinutes: 15 },
    bookingLimits: { perUser: e.BOOKING_LIMIT_PER_USER, perIp: e.BOOKING_LIMIT_PER_IP, windowMinutes: 15 },
    devOutbox: e.DEV_OUTBOX,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    social: {
      google: google && { ...google, issuer: e.GOOGLE_ISSUER_URL.replace(/\/+$/, '') },
      facebook: facebook && {
        ...facebook,
        authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
        tokenUrl: e.FACEBOOK_TOKEN_URL,
        graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
      },
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
            feePercent: e.STRIPE_PLATFORM_FEE_PERCENT,
            callLimits: { perUser: e.STRIPE_LIMIT_PER_USER, perIp: e.STRIPE_LIMIT_PER_IP, windowMinutes: 15 },
          }
        : null,
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY lists the reverse proxies (addresses, CIDR ranges, or proxy-addr's names loopback,
 * linklocal, uniquelocal), so the client address is the one the nearest untrusted hop was seen
 * from. `true` would trust every hop, letting any client choose its address in X-Forwarded-For
 * (and so escape the per-address sign-in limit); the installed Fastify ignores hop counts (it
 * trusts nothing for them), and `1` used to mean `true`.
 */
function trustedProxies(value: string | undefined): string[] | false {
  if (value === undefined || value === 'false' || value === '0') return false;
  const invalid = (why: string) =>
    new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: ${why}; list your reverse proxies' addresses or ranges instead, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=127.0.0.1,10.0.0.0/8`,
    );
  if (value === 'true') throw invalid('"true" would trust any client\'s X-Forwarded-For');
  if (/^\d+$/.test(value)) throw invalid(`"${value}" is a hop count, which Fastify ignores (it cannot tell the nearest hop is a proxy)`);
  const entries = value.split(',').map((v) => v.trim());
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && (!family || !validPrefix || rest.length > 0))
      throw invalid(`"${entry}" is not an IP address or CIDR range`);
  }
  return entries;
}

/**
 * Outside production a secret is made once and kept in the data folder, so sessions survive
 * restarts and sealed calendar passwords stay readable.
 */
function localSecret(dataDir: string, name: string, encoding: 'base64url' | 'base64'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
