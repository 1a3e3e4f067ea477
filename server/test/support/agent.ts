/**
 * A browser-like client over app.inject: keeps cookies, and like the web app sends the
 * XSRF-TOKEN cookie back in X-XSRF-TOKEN on state-changing requests.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { must } from './must.ts';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
}

export class Agent {
  readonly jar = new Map<string, string>();
  /** Set to false to send state-changing requests without the CSRF header. */
  sendXsrf = true;

  /** `settle` runs after each request: the test app delivers the e-mails it queued (test-app.ts). */
  constructor(
    private app: FastifyInstance,
    private ip = '127.0.0.1',
    private settle: () => Promise<unknown> = async () => undefined,
  ) {}

  private cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private absorb(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
  }

  async request<T = Record<string, unknown>>(
    method: string,
    url: string,
    opts: { json?: unknown; payload?: Buffer | string; headers?: Record<string, string> } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (method !== 'GET' && this.sendXsrf) {
      if (!this.jar.has('XSRF-TOKEN')) await this.get('/sanctum/csrf-cookie');
      headers['x-xsrf-token'] = decodeURIComponent(must(this.jar.get('XSRF-TOKEN'), "this.jar.get('XSRF-TOKEN')"));
    }
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: this.ip,
      ...(opts.json !== undefined ? { payload: opts.json as object } : {}),
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });
    this.absorb(res);
    await this.settle();
    const type = String(res.headers['content-type'] ?? '');
    return {
      status: res.statusCode,
      body: (type.includes('json') ? res.json() : res.body) as T,
      headers: res.headers,
      cookies: res.cookies,
    };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.request<T>('GET', url);
  }

  post<T = Record<string, unknown>>(url: string, json?: unknown) {
    return this.request<T>('POST', url, { json: json ?? {} });
  }

  /** multipart/form-data, as the account settings form sends it. */
  async postForm<T = Record<string, unknown>>(
    url: string,
    fields: Record<string, string>,
    files: Record<string, { data: Buffer; filename: string; type: string }> = {},
  ) {
    const boundary = `----slotted${Math.random().toString(16).slice(2)}`;
    const chunks: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    for (const [k, f] of Object.entries(files)) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
        ),
      );
      chunks.push(f.data, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return this.request<T>('POST', url, {
      payload: Buffer.concat(chunks),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
}
