import '../test/setup.ts';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiError, ok, serveApi, type SentRequest } from '../test/api.ts';
import { QueryClient } from '@tanstack/react-query';
import { installUnauthorizedRedirect } from '../app/unauthorized.ts';
import { meKeys } from './query-keys.ts';
import { aClient } from '../test/generators.ts';
import { ApiRequestError, apiData, apiRequest } from './api-client.ts';
import { must } from '../../../server/test/support/must.ts';

const header = (sent: SentRequest, name: string) => sent.request.headers.get(name);

describe('api client', () => {
  it('echoes the XSRF-TOKEN cookie (decoded) in X-XSRF-TOKEN on state-changing requests only', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2Fdef%3D%3D; path=/';
    const calls = serveApi(
      http.get('/api/me', () => ok(aClient)),
      http.post('/api/login', () => HttpResponse.json({ message: 'sent' })),
    );

    await apiData('/api/me');
    await apiRequest('/api/login', { method: 'POST', json: { email: 'ada@example.com' } });

    const get = must(calls[0], 'the GET request');
    const post = must(calls[1], 'the POST request');
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

    await apiRequest('/auth/logout', { method: 'POST' });

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /auth/logout']);
    expect(header(must(calls[1], 'the logout request'), 'X-XSRF-TOKEN')).toBe('fresh');
  });

  it('lets the browser set the multipart Content-Type of FormData bodies', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = serveApi(http.post('/api/me', () => ok(aClient)));
    const form = new FormData();
    form.append('name', 'Ada');

    await apiData('/api/me', { method: 'POST', form });

    // Not set by the client: the multipart type with its boundary comes from the FormData body itself.
    const sent = must(calls[0], 'the form request');
    expect(header(sent, 'Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await sent.request.formData()).get('name')).toBe('Ada');
  });

  it('turns a 422 answer into per-field errors', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    serveApi(
      http.post('/api/login', () =>
        apiError(422, { message: 'Invalid', code: 'validation_failed', errors: { email: ['Please enter a valid e-mail address.'] } }),
      ),
    );

    const error = await apiRequest('/api/login', { method: 'POST', json: { email: 'x' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(422);
    expect((error as ApiRequestError).fieldErrors()).toEqual({ email: 'Please enter a valid e-mail address.' });
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

    await expect(apiData('/api/me', { method: 'POST', json: {} })).resolves.toEqual(aClient);
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

    await expect(apiData('/api/schedule')).rejects.toMatchObject({ status: 401 });

    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(queryClient.getQueryData(meKeys.all)).toBeNull();
    uninstall();
  });

  it.each(['/login', '/magic-link/abc', '/no/such/page'])('leave login-optional routes alone (%s)', async (path) => {
    const { navigate, uninstall } = setup(path);

    await expect(apiData('/api/schedule')).rejects.toMatchObject({ status: 401 });

    expect(navigate).not.toHaveBeenCalled();
    uninstall();
  });
});

describe('answers written into the page for its first paint', () => {
  it('takes a path’s answer from the page once, then asks the server', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'first-answers';
    element.textContent = JSON.stringify({ '/api/profile/demo': { data: { name: 'From the page' } } });
    document.body.append(element);
    vi.resetModules();
    const client = await import('./api-client.ts');
    const calls = serveApi(http.get('/api/profile/demo', () => ok({ name: 'From the server' })));

    expect(await client.apiData('/api/profile/demo')).toEqual({ name: 'From the page' });
    expect(calls).toHaveLength(0);
    expect(document.getElementById('first-answers')).toBeNull();
    expect(await client.apiData('/api/profile/demo')).toEqual({ name: 'From the server' });
    expect(calls).toHaveLength(1);
  });
});
