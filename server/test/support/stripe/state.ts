/**
 * The test server's memory: every object by id, the webhook sender, the route table the resource
 * files fill in, and Stripe's `expand[]` over stored ids and includable fields.
 */
import { invalidRequest, noSuch, type Params, type StripeObject } from './protocol.ts';
import type { WebhookSender } from './webhooks.ts';

export interface RouteContext {
  params: Params;
  /** The `{id}` parts of the path, in order. */
  ids: string[];
  query: URLSearchParams;
}

/** API routes answer an object; browser-facing pages answer a redirect. */
export type RouteResult = StripeObject | { redirect: string } | { html: string; status?: number };

/**
 * Who may call a route: the secret key (the app's server); also the publishable key with the
 * object's `client_secret` (Stripe.js in a browser confirming or reading a PaymentIntent); or
 * anyone (a page a browser is sent to, such as onboarding or 3-D Secure).
 */
export type RouteAccess = 'secret' | 'publishable' | 'page';

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  access: RouteAccess;
  handle(context: RouteContext): RouteResult;
}

/** Fields that Stripe leaves out unless expanded, computed from their object. */
export type Includable = (object: StripeObject) => unknown;

export class StripeState {
  readonly objects = new Map<string, StripeObject>();
  readonly routes: Route[] = [];
  readonly includable = new Map<string, Includable>();
  /** Called when a PaymentIntent succeeds, e.g. to mark the invoice it pays as paid. */
  readonly afterPayment: ((paymentIntent: StripeObject) => void)[] = [];
  /** Called before a PaymentIntent is cancelled through the API; throws to refuse it. */
  readonly beforeCancel: ((paymentIntent: StripeObject) => void)[] = [];

  /** This server's own URL, known once it listens: links to its onboarding and 3-D Secure pages. */
  baseUrl = '';

  constructor(readonly webhooks: WebhookSender) {}

  /** `path` uses `{id}` for an id segment, e.g. `/v1/accounts/{id}/login_links`. */
  route(method: Route['method'], path: string, handle: Route['handle'], access: RouteAccess = 'secret') {
    const pattern = new RegExp(`^${path.replaceAll('{id}', '([A-Za-z0-9_]+)')}$`);
    this.routes.push({ method, pattern, access, handle });
  }

  put<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  get<T extends StripeObject = StripeObject>(kind: string, id: string, param?: string): T {
    const object = this.objects.get(id);
    if (!object || object.object !== kind) throw noSuch(kind, id, param);
    return object as T;
  }

  /** A deep copy with each `expand` path (`a.b`, `data` for lists) replaced by its object. */
  expand(object: StripeObject, paths: string[]): StripeObject {
    const copy = structuredClone(object);
    for (const path of paths) this.expandPath(copy, path.split('.'));
    return copy;
  }

  private expandPath(node: Record<string, unknown>, [field, ...rest]: string[]) {
    // A path from split('.') has at least one field, and the recursion stops before rest is empty.
    if (field === undefined) return;
    if (node.object === 'list' && field === 'data') {
      for (const item of node.data as Record<string, unknown>[]) if (rest.length) this.expandPath(item, rest);
      return;
    }
    const include = this.includable.get(`${String(node.object)}.${field}`);
    let value = include ? include(node as StripeObject) : node[field];
    if (typeof value === 'string' && this.objects.has(value)) value = structuredClone(this.objects.get(value));
    else if (!include && (typeof value !== 'object' || !(field in node))) {
      throw invalidRequest(`This property cannot be expanded (${field}).`, { param: 'expand' });
    }
    node[field] = value;
    if (rest.length && value && typeof value === 'object') this.expandPath(value as Record<string, unknown>, rest);
  }
}
