import { onTestFinished } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';
import type { ApiError } from '@slotted/contract';

/**
 * The API the web tests talk to: msw answers the app's real fetch calls. A test adds the routes it
 * needs with `serveApi(http.get('/api/…', () => ok(aThing())))`; every other API path answers 404
 * as the server would, and a request outside the API fails the test (setup.ts starts and resets it).
 */
export const server = setupServer(
  // The CSRF cookie (docs/architecture.md#api-conventions): the app asks for it before its first
  // state-changing request.
  http.get('/sanctum/csrf-cookie', () => {
    document.cookie = 'XSRF-TOKEN=token; path=/';
    return new HttpResponse(null, { status: 204 });
  }),
  http.all('/api/*', () => apiError(404, { message: 'Not found.', code: 'not_found' })),
);

/** A successful answer in the API's `{ data }` envelope, typed by the contract type of `data`. */
export function ok<T extends JsonBodyType>(data: T, status = 200) {
  return HttpResponse.json({ data }, { status });
}

/** An error answer in the API's error shape (contract `ApiError`). */
export function apiError(status: number, body: ApiError) {
  return HttpResponse.json(body, { status });
}

export interface SentRequest {
  method: string;
  /** Path and query string, e.g. '/api/services?type=class'. */
  url: string;
  request: Request;
}

/**
 * Answers these routes (before the defaults) and records every request the app sends. A later
 * handler for the same route wins, so a test can pass its own answer after a helper's.
 */
export function serveApi(...handlers: RequestHandler[]): SentRequest[] {
  for (const handler of handlers) server.use(handler);
  return recordRequests();
}

/** Records every request the app sends from now until the test ends (a copy, so its body can be read). */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    sent.push({ method: request.method, url: url.pathname + url.search, request: request.clone() });
  };
  server.events.on('request:start', record);
  onTestFinished(() => server.events.removeListener('request:start', record));
  return sent;
}

/** The JSON body of a recorded request (parsed like JSON.parse: the test states what it expects). */
export async function jsonBody(sent: SentRequest | undefined) {
  if (!sent) throw new Error('No such request was sent.');
  return JSON.parse(await sent.request.clone().text());
}
