import { z } from 'zod';

/** Every error answer of the API has this shape (DESIGN.md §3). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  magicLinkExpired: 'magic_link_expired',
  magicLinkInvalid: 'magic_link_invalid',
  conflict: 'conflict',
  slotTaken: 'slot_taken',
  holdExpired: 'hold_expired',
  csrfMismatch: 'csrf_token_mismatch',
  validation: 'validation_failed',
  rateLimited: 'rate_limited',
  tooManyHolds: 'too_many_holds',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal_error',
  databaseUnavailable: 'database_unavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/**
 * Turns Zod issues into the per-field map the spec's forms show. Nested fields use dotted keys,
 * as Laravel does: `data.2.to`, `services.0.quantity`.
 */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
