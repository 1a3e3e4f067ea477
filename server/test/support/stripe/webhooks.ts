/**
 * Events and their delivery: every event is stored (GET /v1/events/{id}) and POSTed to the webhook
 * URL with a `Stripe-Signature` header computed as Stripe computes it. Failed deliveries are
 * retried; tests can pause delivery and release held events reversed, shuffled or duplicated, or
 * resend one with a stale timestamp or a wrong secret.
 */
import { createHmac } from 'node:crypto';
import { newId, now, type StripeObject } from './protocol.ts';
import { must } from '../must.ts';

/** A type, not an interface, so that it is a plain `StripeObject` to the route table. */
export type StripeEvent = {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export interface Delivery {
  eventId: string;
  type: string;
  attempt: number;
  payload: string;
  signature: string;
  /** HTTP status of the answer; 0 when the connection failed. */
  status: number;
}

export interface SignOptions {
  /** Seconds since the epoch; Stripe uses the time of sending. */
  timestamp?: number;
  secret?: string;
}

export const API_VERSION = '2026-10-28.endive';

/** `t=…,v1=HMAC-SHA256(secret, "${t}.${payload}")`, as in Stripe's webhook signature scheme. */
export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface ReleaseOptions {
  reverse?: boolean;
  duplicate?: boolean;
  /** A seed: the same seed gives the same order. */
  shuffle?: number;
}

/** Fisher-Yates with mulberry32, a small seeded generator. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [must(copy[j], 'copy[j]'), must(copy[i], 'copy[i]')];
  }
  return copy;
}

export class WebhookSender {
  readonly events = new Map<string, StripeEvent>();
  readonly deliveries: Delivery[] = [];
  private held: StripeEvent[] | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    public url: string | undefined,
    readonly secret: string,
    readonly retry: { attempts: number; delayMs: number },
    /** The endpoint's `enabled_events`: other events are created (and readable) but not sent. */
    readonly enabled: readonly string[] = ['*'],
  ) {}

  private delivers(type: string) {
    return this.enabled.includes('*') || this.enabled.includes(type);
  }

  emit(type: string, object: StripeObject, previous?: Record<string, unknown>, extra: { account?: string } = {}): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      ...extra,
      api_version: API_VERSION,
      created: now(),
      // A snapshot: later changes to the object do not rewrite events already sent.
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: this.url && this.delivers(type) ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.set(event.id, event);
    if (!this.delivers(type)) return event;
    if (this.held) this.held.push(event);
    else this.send(event);
    return event;
  }

  /** Holds events until `release` instead of sending them. */
  pause() {
    this.held ??= [];
  }

  /**
   * Sends the held events, optionally in reverse order, or shuffled by a seed (Stripe promises no
   * order; a seed makes a failing order repeatable), and/or each twice.
   */
  release(options: ReleaseOptions = {}): Promise<void> {
    const held = this.held ?? [];
    this.held = null;
    let ordered = options.reverse ? [...held].reverse() : held;
    if (options.shuffle !== undefined) ordered = shuffled(ordered, options.shuffle);
    for (const event of ordered) {
      this.send(event);
      if (options.duplicate) this.send(event);
    }
    return this.idle();
  }

  /** Sends a stored event again (a duplicate, as Stripe may deliver). */
  resend(eventId: string, sign: SignOptions = {}): Promise<Delivery> {
    const event = this.events.get(eventId);
    if (!event) throw new Error(`No such event: ${eventId}`);
    return this.send(event, sign);
  }

  /** Resolves once every queued delivery (with its retries) is done. */
  async idle(): Promise<void> {
    let current;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  private send(event: StripeEvent, sign: SignOptions = {}): Promise<Delivery> {
    const delivery = this.queue.then(() => this.deliver(event, sign));
    this.queue = delivery.then(
      () => undefined,
      () => undefined,
    );
    return delivery;
  }

  private async deliver(event: StripeEvent, sign: SignOptions): Promise<Delivery> {
    const payload = JSON.stringify(event, null, 2);
    let delivery: Delivery | undefined;
    for (let attempt = 1; attempt <= this.retry.attempts; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, this.retry.delayMs));
      const signature = signPayload(payload, sign.secret ?? this.secret, sign.timestamp);
      delivery = { eventId: event.id, type: event.type, attempt, payload, signature, status: 0 };
      if (!this.url) return delivery;
      this.deliveries.push(delivery);
      try {
        const response = await fetch(this.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = response.status;
        await response.body?.cancel();
      } catch {
        delivery.status = 0;
      }
      if (delivery.status >= 200 && delivery.status < 300) break;
    }
    return must(delivery, 'delivery');
  }
}
