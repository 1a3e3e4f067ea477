import { apiRoutes, type ApiError, type ApiSchemas, type ErrorCode, type RouteName } from '@slotted/contract';
import type { z } from 'zod';
import { getCookie } from './cookies.ts';

/**
 * The one way the app talks to the server (docs/architecture.md#api-conventions): routes called
 * by their name in the contract's route table, with params, query, body and answer typed by the
 * same Zod schemas the server validates with (a type-only import: no schema reaches the bundle);
 * same-origin, cookie session, Sanctum-style CSRF (the readable XSRF-TOKEN cookie echoed in
 * X-XSRF-TOKEN on every state-changing request).
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
export const GENERIC_ERROR_MESSAGE = 'An error occurred. Please try again.';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

type Schemas<K extends RouteName> = ApiSchemas[K];
type Field<K extends RouteName, F extends string> = Schemas<K> extends Record<F, infer T extends z.ZodType> ? T : never;

/** What a route takes: its path params, query, and a JSON body (or, for a form, FormData). */
export type RouteInput<K extends RouteName> = ([Field<K, 'params'>] extends [never]
  ? { params?: never }
  : { params: z.input<Field<K, 'params'>> }) &
  ([Field<K, 'querystring'>] extends [never] ? { query?: never } : { query?: z.input<Field<K, 'querystring'>> }) &
  ([Field<K, 'body'>] extends [never]
    ? [Field<K, 'multipart'>] extends [never]
      ? { json?: never; form?: never }
      : { form: FormData; json?: never }
    : { json: z.input<Field<K, 'body'>>; form?: never }) & { signal?: AbortSignal };

/** What a route answers on success: the union of its success statuses' bodies. */
export type RouteAnswer<K extends RouteName> = {
  [S in keyof Schemas<K>['response']]: z.output<Schemas<K>['response'][S]>;
}[keyof Schemas<K>['response']];

/** The `data` of a route whose answers are `{ data: … }`. */
export type RouteData<K extends RouteName> = RouteAnswer<K> extends { data: infer D } ? D : never;

/** The input may be left out when nothing in it is required. */
type InputArgs<K extends RouteName> = object extends RouteInput<K> ? [input?: RouteInput<K>] : [input: RouteInput<K>];

export interface ApiResponse<T> {
  status: number;
  body: T;
}

/** Codes the client itself gives: no answer, no CSRF cookie, or an answer that is not the API's error body. */
export type ClientErrorCode = 'network_error' | 'csrf_cookie_failed' | `http_${number}`;

/** A non-2xx answer (or no answer at all: status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The contract's error code: branch on this, not on the status (one status carries many codes). */
  readonly code: ErrorCode | ClientErrorCode;
  /** Per-field messages of a 422 answer. */
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, code: ErrorCode | ClientErrorCode, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }

  /** The first message per field, for forms. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.errors)) {
      if (messages[0]) out[field] = messages[0];
    }
    return out;
  }
}

/** Whether `error` is an answer of the API, with one of `codes` when given. */
export function isApiError(error: unknown, ...codes: (ErrorCode | ClientErrorCode)[]): error is ApiRequestError {
  return error instanceof ApiRequestError && (codes.length === 0 || codes.includes(error.code));
}

type UnauthorizedListener = (path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Every 401 answer is reported here, whoever asked: the app decides centrally whether the current
 * route needs a signed-in user (docs/product-rules.md#failures-and-messages).
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let csrfCookieRequest: Promise<void> | null = null;

/** Makes sure the XSRF-TOKEN cookie exists; `force` asks the server for a fresh one anyway. */
export async function ensureCsrfCookie(force = false): Promise<void> {
  if (!force && getCookie(XSRF_COOKIE)) return;
  csrfCookieRequest ??= fetch(CSRF_COOKIE_PATH, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then((response) => {
      if (!response.ok) throw new ApiRequestError(response.status, GENERIC_ERROR_MESSAGE, 'csrf_cookie_failed');
    }, networkFailure)
    .finally(() => {
      csrfCookieRequest = null;
    });
  return csrfCookieRequest;
}

function networkFailure(): never {
  throw new ApiRequestError(0, 'We could not reach the server. Please check your connection.', 'network_error');
}

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

interface Sending {
  method: string;
  json?: unknown;
  form?: FormData;
  query?: QueryParams;
  signal?: AbortSignal;
}

async function send(path: string, options: Sending): Promise<Response> {
  const { method } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (method !== 'GET') {
    await ensureCsrfCookie();
    const token = getCookie(XSRF_COOKIE);
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return networkFailure();
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The contract's error body (`apiErrorSchema`), checked by hand: the schema would bring its
 * validation library onto every page's first load for three fields.
 */
function isApiErrorBody(body: unknown): body is ApiError {
  if (!body || typeof body !== 'object') return false;
  const { message, code, errors } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return false;
  if (errors === undefined) return true;
  return (
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'))
  );
}

function toError(status: number, body: unknown): ApiRequestError {
  if (isApiErrorBody(body)) {
    // The server answers only the contract's codes (its error handler takes them from ERROR_CODES).
    return new ApiRequestError(status, body.message || GENERIC_ERROR_MESSAGE, body.code as ErrorCode, body.errors);
  }
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : GENERIC_ERROR_MESSAGE;
  return new ApiRequestError(status, message, `http_${status}`);
}

/**
 * Answers the server wrote into the page's HTML for its first paint (server/src/plugins/spa.ts),
 * by path: each is taken once, by the first plain GET of its path, instead of asking again.
 */
const firstAnswers: Map<string, unknown> = readFirstAnswers();

function readFirstAnswers(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById('first-answers');
  if (!element?.textContent) return new Map();
  element.remove();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/** The params a route's path takes, when it takes any. */
type PathArgs<K extends RouteName> = [Field<K, 'params'>] extends [never]
  ? [params?: undefined]
  : [params: z.input<Field<K, 'params'>> & Record<string, unknown>];

function fillPath(name: RouteName, params: Record<string, unknown> = {}): string {
  return apiRoutes[name].path.replace(/\{(\w+)\}/g, (_match, key: string) => encodeURIComponent(String(params[key])));
}

/**
 * A route's path with its params filled in and encoded: `/api/services/{id}` → `/api/services/12`.
 * Also for the links the browser follows itself (/stripe/connect, /auth/social/{provider}).
 */
export function routePath<K extends RouteName>(name: K, ...[params]: PathArgs<K>): string {
  return fillPath(name, params);
}

/**
 * Calls a route of the contract's table by name; resolves with the status and body of a 2xx
 * answer, throws ApiRequestError otherwise.
 */
export async function apiRequest<K extends RouteName>(name: K, ...[input]: InputArgs<K>): Promise<ApiResponse<RouteAnswer<K>>> {
  const { params, query, json, form, signal } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    json?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  };
  const { method } = apiRoutes[name];
  const path = fillPath(name, params);
  if (firstAnswers.has(path) && method === 'GET' && !query) {
    const body = firstAnswers.get(path) as RouteAnswer<K>;
    firstAnswers.delete(path);
    return { status: 200, body };
  }
  const options: Sending = { method, json, form, query, signal };
  let response = await send(path, options);
  if (response.status === 419 && method !== 'GET') {
    // The CSRF token went stale (new session, cookie cleared): fetch a fresh one and retry once.
    await ensureCsrfCookie(true);
    response = await send(path, options);
  }
  const body = await readBody(response);
  if (response.ok) return { status: response.status, body: body as RouteAnswer<K> };
  if (response.status === 401) {
    for (const listener of unauthorizedListeners) listener(path);
  }
  throw toError(response.status, body);
}

/** Most answers are `{ data: … }`: resolves with the data. */
export async function apiData<K extends RouteName>(name: K, ...args: InputArgs<K>): Promise<RouteData<K>> {
  const { body } = await apiRequest(name, ...args);
  return (body as { data: RouteData<K> }).data;
}
