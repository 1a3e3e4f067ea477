import '../test/setup.ts';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiError, ok, serveApi, type SentRequest } from '../test/api.ts';
import { QueryClient } from '@tanstack/react-query';
import { installUnauthorizedRedirect } from '../app/unauthorized.ts';
import { meKeys } from './query-keys.ts';
import { aClient } from '../test/generators.ts';
import type { PublicProfile } from '@slotted/contract';
import { ApiRequestError, apiData, apiRequest, isApiError, routePath } from './api-client.ts';

const header = (sent: SentRequest, name: string) => sent.request.headers.get(name);

const aProfile = (name: string): PublicProfile => ({
  name,
  username: 'demo',
  avatar: null,
  cover: null,
  bio: null,
  phone: null,
  email: 'demo@example.com',
  timezone: 'Europe/Amsterdam',
  plans: [],
  services: [],
  policy: { min_hours_before_cancellation: 24, terms_of_service: '' },
});

describe('api client', () => {
  it('echoes the XSRF-TOKEN cookie (decoded) in X-XSRF-TOKEN on state-changing requests only', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2Fdef%3D%3D; path=/';
    const calls = serveApi(
      http.get('/api/me', () => ok(aClient)),
      http.post('/api/login', () => HttpResponse.json({ message: 'sent' })),
    );

    await apiData('me');
    await apiRequest('login', { json: { email: 'ada@example.com' } });

    const [get, post] = calls;
    expect(header(get, 'X-XSRF-TOKEN')).toBeNull();
    expect(header(post, 'X-XSRF-TOKEN')).toBe('abc/def==');
    expect(header(post, 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(header(post, 'Content-Type')).toBe('application/json');
    expect(post.request.credentials).toBe('include');
    expect(await post.request.text()).toBe(JSON.stringify({ email: 'ada@example.com' }));
  });

  it('fetches the CSRF cookie first when there is none yet', async () => {
    const calls = serveApi(
      http.get('/sanctum/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/auth/logout', () => new HttpResponse(null, { status: 204 })),
    );

    await apiRequest('logout');

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /auth/logout']);
    expect(header(calls[1], 'X-XSRF-TOKEN')).toBe('fresh');
  });

  it('lets the browser set the multipart Content-Type of FormData bodies', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = serveApi(http.post('/api/me', () => ok(aClient)));
    const form = new FormData();
    form.append('name', 'Ada');

    await apiData('updateMe', { form });

    // Not set by the client: the multipart type with its boundary comes from the FormData body itself.
    expect(header(calls[0], 'Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await calls[0].request.formData()).get('name')).toBe('Ada');
  });

  it('turns a 422 answer into per-field errors', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    serveApi(
      http.post('/api/login', () =>
        apiError(422, { message: 'Invalid', code: 'validation_failed', errors: { email: ['Please enter a valid e-mail address.'] } }),
      ),
    );

    const error = await apiRequest('login', { json: { email: 'x' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    if (!(error instanceof ApiRequestError)) return;
    expect(error.status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.isValidation).toBe(true);
    expect(error.fieldErrors()).toEqual({ email: 'Please enter a valid e-mail address.' });
  });

  it('retries once with a fresh CSRF cookie after a 419', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    let attempts = 0;
    const calls = serveApi(
      http.get('/sanctum/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=renewed; path=/';
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/me', ({ request }) => {
        attempts += 1;
        return request.headers.get('X-XSRF-TOKEN') === 'renewed'
          ? ok(aClient)
          : apiError(419, { message: 'CSRF token mismatch.', code: 'csrf_token_mismatch' });
      }),
    );

    await expect(apiData('updateMe', { form: new FormData() })).resolves.toEqual(aClient);
    expect(attempts).toBe(2);
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/sanctum/csrf-cookie', '/api/me']);
  });
});

describe('401 answers', () => {
  function setup(path: string) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(meKeys.all, aClient);
    const navigate = vi.fn();
    const uninstall = installUnauthorizedRedirect({ queryClient, navigate, currentPath: () => path });
    serveApi(http.get('/api/schedule', () => apiError(401, { message: 'Unauthenticated.', code: 'unauthenticated' })));
    return { queryClient, navigate, uninstall };
  }

  it('send the user to /login from a route that needs an account, forgetting the cached user', async () => {
    const { queryClient, navigate, uninstall } = setup('/schedule/past');

    await expect(apiData('schedule')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });

    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(queryClient.getQueryData(meKeys.all)).toBeNull();
    uninstall();
  });

  it.each(['/login', '/magic-link/abc', '/no/such/page'])('leave login-optional routes alone (%s)', async (path) => {
    const { navigate, uninstall } = setup(path);

    await expect(apiData('schedule')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });

    expect(navigate).not.toHaveBeenCalled();
    uninstall();
  });
});

describe('routes by name', () => {
  it('fills the path from the route table, encoding each param', () => {
    expect(routePath('profile', { username: 'ada lovelace/é?' })).toBe('/api/profile/ada%20lovelace%2F%C3%A9%3F');
    expect(routePath('cancelAppointment', { id: 'a1b2' })).toBe('/api/appointments/a1b2/cancel');
    expect(routePath('me')).toBe('/api/me');
    expect(routePath('socialStart', { provider: 'google' })).toBe('/auth/social/google');
  });

  it('sends the route’s method to its filled path, with the query', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = serveApi(http.delete('/api/slots/:id', () => new HttpResponse(null, { status: 204 })));

    await expect(apiRequest('cancelSlot', { params: { id: '12' }, query: { upcoming: '1' } })).resolves.toEqual({
      status: 204,
      body: undefined,
    });

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/slots/12?upcoming=1']);
  });

  it('isApiError matches by code, not by status', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    serveApi(http.post('/api/memberships', () => apiError(409, { message: 'This plan is no longer sold.', code: 'plan_unavailable' })));

    const error = await apiData('createMembership', { json: { plan_id: 1 } }).catch((e: unknown) => e);

    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'plan_unavailable')).toBe(true);
    expect(isApiError(error, 'not_found', 'plan_unavailable')).toBe(true);
    // Another code of the same status is another failure.
    expect(isApiError(error, 'purchase_expired')).toBe(false);
    expect(isApiError(new Error('plan_unavailable'), 'plan_unavailable')).toBe(false);
  });

  it('gives answers that are not the API’s error body a client code', async () => {
    serveApi(http.get('/api/insights', () => new HttpResponse('Bad gateway', { status: 502 })));

    const error = await apiData('insights').catch((e: unknown) => e);

    expect(isApiError(error, 'http_502')).toBe(true);
  });

  it('reports no answer at all as network_error', async () => {
    serveApi(http.get('/api/insights', () => HttpResponse.error()));

    await expect(apiData('insights')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('answers written into the page for its first paint', () => {
  it('takes a path’s answer from the page once, then asks the server', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'first-answers';
    element.textContent = JSON.stringify({ '/api/profile/demo': { data: aProfile('From the page') } });
    document.body.append(element);
    vi.resetModules();
    const client = await import('./api-client.ts');
    const calls = serveApi(http.get('/api/profile/demo', () => ok(aProfile('From the server'))));

    expect(await client.apiData('profile', { params: { username: 'demo' } })).toMatchObject({ name: 'From the page' });
    expect(calls).toHaveLength(0);
    expect(document.getElementById('first-answers')).toBeNull();
    expect(await client.apiData('profile', { params: { username: 'demo' } })).toMatchObject({ name: 'From the server' });
    expect(calls).toHaveLength(1);
  });
});
