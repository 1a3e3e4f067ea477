import type { ApiError } from '@slotted/contract';
import { getCookie } from './cookies.ts';

/**
 * The one way the app talks to the server (docs/architecture.md#api-conventions): same-origin,
 * cookie session, Sanctum-style CSRF (the readable XSRF-TOKEN cookie echoed in X-XSRF-TOKEN on
 * every state-changing request).
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
export const GENERIC_ERROR_MESSAGE = 'An error occurred. Please try again.';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body; the browser sets the Content-Type with its boundary. */
  form?: FormData;
  query?: QueryParams;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  body: T;
}

/** A non-2xx answer (or no answer at all: status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** Per-field messages of a 422 answer. */
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, code: string, errors: Record<string, string[]> = {}) {
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

export function isApiError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status);
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

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
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
  if (isApiErrorBody(body)) return new ApiRequestError(status, body.message || GENERIC_ERROR_MESSAGE, body.code, body.errors);
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

/** Sends a request; resolves with the status and parsed body of a 2xx answer, throws ApiRequestError otherwise. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  if (firstAnswers.has(path) && (options.method ?? 'GET') === 'GET' && !options.query) {
    const body = firstAnswers.get(path) as T;
    firstAnswers.delete(path);
    return { status: 200, body };
  }
  let response = await send(path, options);
  if (response.status === 419 && (options.method ?? 'GET') !== 'GET') {
    // The CSRF token went stale (new session, cookie cleared): fetch a fresh one and retry once.
    await ensureCsrfCookie(true);
    response = await send(path, options);
  }
  const body = await readBody(response);
  if (response.ok) return { status: response.status, body: body as T };
  if (response.status === 401) {
    for (const listener of unauthorizedListeners) listener(path);
  }
  throw toError(response.status, body);
}

/** Most answers are `{ data: … }`: resolves with the data. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body } = await apiRequest<{ data: T }>(path, options);
  return body.data;
}
