/**
 * Stripe's wire format: form-encoded parameters with `a[b][0]=…` nesting, object ids with a type
 * prefix, and error objects `{ error: { type, code, message, param, decline_code } }`.
 */
import { randomBytes } from 'node:crypto';

export type Params = Record<string, unknown>;
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }

  toJSON() {
    return { error: this.body };
  }
}

export const invalidRequest = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export const now = () => Math.floor(Date.now() / 1000);

/** Parses `a[b][c]=1&a[list][0]=x` into nested objects; keys that are all indices become arrays. */
export function parseForm(raw: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.split('[').map((part) => part.replace(/\]$/, ''));
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      const slot = part === '' ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) node[slot] = value;
      else node = (node[slot] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysFromIndices(root) as Params;
}

function arraysFromIndices(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndices(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export const str = (params: Params, key: string): string | undefined => {
  const value = params[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const requireStr = (params: Params, key: string, prefix = ''): string => str(params, key) ?? throwError(missingParam(prefix + key));

export function int(params: Params, key: string, prefix = ''): number | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: prefix + key });
  }
  return Number(value);
}

export const requireInt = (params: Params, key: string, prefix = ''): number =>
  int(params, key, prefix) ?? throwError(missingParam(prefix + key));

export const bool = (params: Params, key: string): boolean | undefined => (params[key] === undefined ? undefined : params[key] === 'true');

export const obj = (params: Params, key: string): Params =>
  typeof params[key] === 'object' && params[key] !== null ? (params[key] as Params) : {};

/** Stripe merges metadata: a key set to the empty string is removed. */
export function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  if (update === '') return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries((update ?? {}) as Record<string, string>)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function throwError(error: StripeApiError): never {
  throw error;
}
