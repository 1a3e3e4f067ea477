/**
 * A Stripe-compatible HTTP server on loopback, for tests and local runs without Stripe: the
 * official `stripe` SDK talks to it with `new Stripe(secretKey, { host, port, protocol: 'http' })`.
 * It speaks Stripe's wire format (form bodies, Bearer secret key, Idempotency-Key, error objects)
 * for the endpoints the app uses (Connect Express onboarding, destination PaymentIntents, refunds,
 * subscriptions) and sends signed webhooks. State lives in memory. See stripe/ for the parts.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billingRoutes } from './stripe/billing.ts';
import { connectRoutes } from './stripe/connect.ts';
import { paymentRoutes } from './stripe/payments.ts';
import { StripeApiError, invalidRequest, newId, noSuch, parseForm, str, throwError, type StripeObject } from './stripe/protocol.ts';
import { StripeState, type RouteResult } from './stripe/state.ts';
import {
  API_VERSION,
  WebhookSender,
  signPayload,
  type Delivery,
  type ReleaseOptions,
  type SignOptions,
  type StripeEvent,
} from './stripe/webhooks.ts';
import { must } from './must.ts';

export type { Delivery, ReleaseOptions, StripeEvent } from './stripe/webhooks.ts';

export interface StripeTestServerOptions {
  /** Where events are POSTed; can be set later with `setWebhookUrl`. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Fixed keys (e.g. for a standalone run the app is configured for); random by default. */
  secretKey?: string;
  publishableKey?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /**
   * The event types the webhook endpoint listens to, as its `enabled_events` in Stripe (default
   * every type, `['*']`); the others are still created and readable, but not delivered.
   */
  enabledEvents?: string[];
  /** Delivery attempts per event (default 3) and the pause between them (default 100 ms). */
  retry?: { attempts: number; delayMs: number };
}

export interface StripeTestServer {
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Every event created, by id, in creation order. */
  events: Map<string, StripeEvent>;
  /** Every delivery attempt to the webhook URL, in order. */
  deliveries: Delivery[];
  setWebhookUrl(url: string | undefined): void;
  /** Holds events back from delivery until `release`. */
  pauseWebhooks(): void;
  /**
   * Sends held events, optionally in reverse order, shuffled by a seed (`shuffle: 7`, the same seed
   * the same order) and/or each twice; resolves when delivered.
   */
  releaseWebhooks(options?: ReleaseOptions): Promise<void>;
  /** Delivers an event again, optionally signed with another timestamp (stale) or secret (forged). */
  resend(eventId: string, sign?: SignOptions): Promise<Delivery>;
  /** Resolves once all queued deliveries, with their retries, are done. */
  webhooksIdle(): Promise<void>;
  /** A `Stripe-Signature` header for `payload`, as the server signs its own deliveries. */
  sign(payload: string, sign?: SignOptions): string;
  /**
   * Ends the subscription's current period as time passing would: it ends if set to cancel,
   * otherwise renews and charges `paymentMethod` (a test card id, default pm_card_visa).
   */
  renewSubscription(subscriptionId: string, paymentMethod?: string): Promise<void>;
  /**
   * One Smart Retry of an open invoice: charges `paymentMethod` (a test card id) or else the
   * subscription's default payment method. Paid → invoice.paid and the subscription active again;
   * declined → attempt_count + 1, next_payment_attempt set, invoice.payment_failed.
   */
  retryInvoice(invoiceId: string, paymentMethod?: string): Promise<void>;
  /**
   * The last retry of a past_due subscription failed: Stripe cancels it (customer.subscription.deleted,
   * cancellation_details.reason payment_failed) or marks it unpaid (customer.subscription.updated).
   * Its open invoice stays open, with no next_payment_attempt.
   */
  giveUpOnSubscription(subscriptionId: string, outcome: 'cancel' | 'unpaid'): Promise<void>;
  /** A stored object (account, payment_intent, charge, refund, subscription, invoice…) by id. */
  object(id: string): StripeObject | undefined;
  stop(): Promise<void>;
}

export async function startStripeTestServer(options: StripeTestServerOptions = {}): Promise<StripeTestServer> {
  const host = '127.0.0.1';
  const secretKey = options.secretKey ?? newId('sk_test');
  const publishableKey = options.publishableKey ?? newId('pk_test');
  const webhookSecret = options.webhookSecret ?? newId('whsec');
  const webhooks = new WebhookSender(
    options.webhookUrl,
    webhookSecret,
    options.retry ?? { attempts: 3, delayMs: 100 },
    options.enabledEvents,
  );
  const replays = new Map<string, { fingerprint: string; status: number; body: string }>();
  const state = new StripeState(webhooks);
  connectRoutes(state);
  const billing = billingRoutes(state, paymentRoutes(state));
  state.route(
    'GET',
    '/v1/events/{id}',
    ({ ids: [id] }) => webhooks.events.get(must(id, 'id')) ?? throwError(noSuch('event', must(id, 'id'))),
  );

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(must(req.url, 'req.url'), `http://${host}`);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const method = req.method ?? 'GET';
    // Stripe.js calls the API from the browser, across origins, as Stripe allows.
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
        'access-control-max-age': '300',
      });
      return res.end();
    }
    const route = state.routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    const requestId = newId('req');
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': API_VERSION,
        ...CORS,
        ...headers,
      });
      res.end(body);
    };
    const fail = (error: StripeApiError) => send(error.status, JSON.stringify(error.toJSON()));

    if (route?.access === 'page') {
      const result = run(() => route.handle({ params: {}, ids: ids(route.pattern, url.pathname), query: url.searchParams }));
      if (result instanceof StripeApiError) return fail(result);
      if ('redirect' in result) {
        res.writeHead(302, { location: String(result.redirect) });
        return res.end();
      }
      res.writeHead(Number(result.status ?? 200), { 'content-type': 'text/html; charset=utf-8' });
      return res.end(String(result.html));
    }

    const params = parseForm(method === 'GET' ? url.search.slice(1) : raw);
    // The server's SDK sends its secret key as a Bearer token; Stripe.js sends the publishable
    // key as the `key` parameter.
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? str(params, 'key');
    if (key !== secretKey && key !== publishableKey) {
      return fail(
        new StripeApiError(401, {
          type: 'invalid_request_error',
          message: key ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}` : 'You did not provide an API key.',
        }),
      );
    }
    if (key === publishableKey && route?.access !== 'publishable') {
      return fail(
        new StripeApiError(401, {
          type: 'invalid_request_error',
          message:
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        }),
      );
    }
    if (!route) {
      return fail(
        new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        }),
      );
    }

    // With the publishable key, only the holder of the object's client secret may act on it.
    if (key === publishableKey) {
      const [id] = ids(route.pattern, url.pathname);
      const object = state.objects.get(must(id, 'id'));
      if (object && object.client_secret !== str(params, 'client_secret')) {
        return fail(
          invalidRequest('The client_secret provided does not match the client_secret associated with the PaymentIntent.', {
            code: 'payment_intent_invalid_parameter',
            param: 'client_secret',
          }),
        );
      }
    }

    const idempotencyKey = method === 'GET' ? undefined : req.headers['idempotency-key']?.toString();
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${raw}`).digest('hex');
    const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
    if (replay) {
      if (replay.fingerprint !== fingerprint) {
        return fail(
          new StripeApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
        );
      }
      return send(replay.status, replay.body, { 'idempotency-key': must(idempotencyKey, 'idempotencyKey'), 'idempotent-replayed': 'true' });
    }

    const result = run(() => {
      const object = route.handle({ params, ids: ids(route.pattern, url.pathname), query: url.searchParams });
      const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
      return state.expand(object as StripeObject, expand);
    });
    const [status, body] =
      result instanceof StripeApiError ? [result.status, JSON.stringify(result.toJSON())] : [200, JSON.stringify(result)];
    // As Stripe: a request refused by validation (400, 404) saves no result, so it can be retried
    // with the same key; one that ran (a success, a card decline) is replayed as it was.
    if (idempotencyKey && status !== 400 && status !== 404) replays.set(idempotencyKey, { fingerprint, status, body });
    send(status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  state.baseUrl = url;

  return {
    url,
    host,
    port,
    protocol: 'http',
    secretKey,
    publishableKey,
    webhookSecret,
    events: webhooks.events,
    deliveries: webhooks.deliveries,
    setWebhookUrl: (webhookUrl) => {
      webhooks.url = webhookUrl;
    },
    pauseWebhooks: () => webhooks.pause(),
    releaseWebhooks: (release) => webhooks.release(release),
    resend: (eventId, sign) => webhooks.resend(eventId, sign),
    webhooksIdle: () => webhooks.idle(),
    sign: (payload, sign = {}) => signPayload(payload, sign.secret ?? webhookSecret, sign.timestamp),
    renewSubscription: async (subscriptionId, paymentMethod) => {
      billing.renew(subscriptionId, paymentMethod);
      await webhooks.idle();
    },
    retryInvoice: async (invoiceId, paymentMethod) => {
      billing.retry(invoiceId, paymentMethod);
      await webhooks.idle();
    },
    giveUpOnSubscription: async (subscriptionId, outcome) => {
      billing.giveUp(subscriptionId, outcome);
      await webhooks.idle();
    },
    object: (id) => state.objects.get(id),
    async stop() {
      await webhooks.idle();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Stripe's API answers browsers of any origin (Stripe.js on the merchant's pages). */
const CORS = { 'access-control-allow-origin': '*' };

const ids = (pattern: RegExp, path: string) => must(pattern.exec(path), 'pattern.exec(path)').slice(1);

function run(handle: () => RouteResult): RouteResult | StripeApiError {
  try {
    return handle();
  } catch (error) {
    if (error instanceof StripeApiError) return error;
    throw error;
  }
}
