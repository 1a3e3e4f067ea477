import { z } from 'zod';

/** Every error answer of the API has this shape (docs/architecture.md#api-conventions). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Every error the API answers with, once: its machine `code`, HTTP status and default message.
 * The server throws `AppError(code)` and the web matches on `code`; a thrower may pass a more
 * specific message (e.g. which booking is in the way) but never another status.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, message: 'The request could not be read. Please send it again.' },
  unauthenticated: { status: 401, message: 'Unauthenticated.' },
  forbidden: { status: 403, message: 'You are not allowed to do that.' },
  payment_required: { status: 403, message: 'This provider takes payment online when you book.' },
  not_found: { status: 404, message: 'Not found.' },
  magic_link_invalid: { status: 404, message: 'This sign-in link is not valid or has already been used. Please request a new one.' },
  magic_link_expired: { status: 408, message: 'The magic link has expired.' },
  conflict: { status: 409, message: 'This has just changed. Please reload the page.' },
  slot_taken: { status: 409, message: 'This slot is no longer available. Please select another one.' },
  purchase_expired: { status: 409, message: 'Your purchase has timed out. Please go back and try again.' },
  plan_unavailable: { status: 409, message: 'This plan is no longer sold.' },
  membership_unusable: { status: 409, message: 'This membership cannot pay for this session. Please choose another way to pay.' },
  hold_expired: { status: 409, message: 'Your session timed out before we could confirm your booking.' },
  stripe_not_connected: { status: 409, message: 'Connect your Stripe account first to take card payments.' },
  payment_unavailable: { status: 409, message: 'Card payment is not available here. Please choose another way to pay.' },
  payload_too_large: { status: 413, message: 'That upload is too large.' },
  csrf_token_mismatch: { status: 419, message: 'CSRF token mismatch. Please reload the page and try again.' },
  validation_failed: { status: 422, message: 'The given data was invalid.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please try again later.' },
  too_many_holds: { status: 429, message: 'You have too many unconfirmed bookings with this provider.' },
  internal_error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  payment_provider_error: { status: 502, message: 'The card payment service could not be reached. Please try again in a moment.' },
  database_unavailable: { status: 503, message: 'The service is briefly unavailable. Please try again in a moment.' },
} as const satisfies Record<string, { status: number; message: string }>;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes a status can carry: what the OpenAPI document lists for each error status. */
export function errorCodesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].status === status);
}

/**
 * Turns Zod issues into the per-field map the forms show. Nested fields use dotted keys,
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
