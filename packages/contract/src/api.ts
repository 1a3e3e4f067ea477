import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

/**
 * `{ data: … }`: the envelope of every JSON answer that carries a record
 * (docs/architecture.md#api-conventions).
 */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A bare confirmation such as POST /api/login's "We sent you an activation link…". */
export const messageResponse = z.object({ message: z.string() });

/** An answer without a body (204) or a redirect (302): documented, never serialised. */
export const noContent = z.null();

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One route of the API: its method, its path (OpenAPI style, `{id}`), the statuses it succeeds
 * with and every error code it can answer. The server builds each route's response schema from
 * its entry, and a test holds /api/docs to this table, so the table is what the API does.
 */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  success: readonly number[];
  errors: readonly ErrorCode[];
}

/** Any request may meet a bug or a database outage (the session lookup reads the database). */
export const ALWAYS_POSSIBLE_ERRORS = ['internal_error', 'database_unavailable'] as const satisfies readonly ErrorCode[];

// Codes that follow from what a route takes or requires, named once so entries read as sums.
const signedIn = ['unauthenticated'] as const;
const providerOnly = ['unauthenticated', 'forbidden'] as const;
/** Every state-changing request must echo the XSRF token (docs/architecture.md#api-conventions). */
const write = ['csrf_token_mismatch'] as const;
/** A JSON body may be unreadable, too large or invalid. */
const jsonBody = ['bad_request', 'payload_too_large', 'validation_failed'] as const;
/** Path or query parameters that are checked against a schema. */
const checkedInput = ['validation_failed'] as const;

export const apiRoutes = {
  csrfCookie: { method: 'GET', path: '/sanctum/csrf-cookie', success: [204], errors: [] },
  login: { method: 'POST', path: '/api/login', success: [200], errors: [...write, ...jsonBody, 'rate_limited'] },
  magicLink: {
    method: 'POST',
    path: '/api/magic-link',
    success: [200, 202],
    errors: [...write, ...jsonBody, 'magic_link_invalid', 'magic_link_expired'],
  },
  createUser: {
    method: 'POST',
    path: '/api/create-user',
    success: [200, 201],
    errors: [...write, ...jsonBody, 'magic_link_invalid', 'magic_link_expired', 'conflict'],
  },
  logout: { method: 'POST', path: '/auth/logout', success: [204], errors: [...write] },
  socialStart: { method: 'GET', path: '/auth/social/{provider}', success: [302], errors: ['not_found'] },
  socialCallback: { method: 'GET', path: '/auth/social/{provider}/callback', success: [302], errors: ['not_found'] },
  config: { method: 'GET', path: '/api/config', success: [200], errors: [] },
  me: { method: 'GET', path: '/api/me', success: [200], errors: [...signedIn] },
  updateMe: { method: 'POST', path: '/api/me', success: [200], errors: [...signedIn, ...write, ...jsonBody] },
  updatePayments: {
    method: 'POST',
    path: '/api/me/payments',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'stripe_not_connected'],
  },
  /**
   * Links a provider's browser follows: a signed-out visitor is redirected to /login (302), not
   * answered 401. Onboarding comes back to `?returned=1`, which re-checks the account.
   */
  stripeConnect: {
    method: 'GET',
    path: '/stripe/connect',
    success: [302],
    errors: ['forbidden', 'not_found', 'payment_provider_error'],
  },
  stripeDashboard: {
    method: 'GET',
    path: '/stripe/dashboard',
    success: [302],
    errors: ['forbidden', 'not_found', 'stripe_not_connected', 'payment_provider_error'],
  },
  /** Stripe's signed events: no session, no XSRF token; the signature is the authentication. */
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook', success: [200], errors: ['bad_request', 'not_found'] },
  listServices: { method: 'GET', path: '/api/services', success: [200], errors: [...providerOnly, ...checkedInput] },
  createService: { method: 'POST', path: '/api/services', success: [201], errors: [...providerOnly, ...write, ...jsonBody] },
  updateService: {
    method: 'PUT',
    path: '/api/services/{id}',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'not_found'],
  },
  deleteService: {
    method: 'DELETE',
    path: '/api/services/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found'],
  },
  listPlans: { method: 'GET', path: '/api/plans', success: [200], errors: [...providerOnly] },
  createPlan: { method: 'POST', path: '/api/plans', success: [201], errors: [...providerOnly, ...write, ...jsonBody] },
  updatePlan: { method: 'POST', path: '/api/plans/{id}', success: [200], errors: [...providerOnly, ...write, ...jsonBody, 'not_found'] },
  deletePlan: {
    method: 'DELETE',
    path: '/api/plans/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found'],
  },
  serviceSlots: { method: 'GET', path: '/api/services/{id}/slots', success: [200], errors: [...checkedInput, 'not_found'] },
  workDays: { method: 'GET', path: '/api/work-days', success: [200], errors: [...providerOnly] },
  saveWorkDays: { method: 'POST', path: '/api/work-days', success: [200], errors: [...providerOnly, ...write, ...jsonBody] },
  policies: { method: 'GET', path: '/api/policies', success: [200], errors: [...providerOnly] },
  savePolicies: { method: 'POST', path: '/api/policies', success: [200], errors: [...providerOnly, ...write, ...jsonBody] },
  timeOff: { method: 'GET', path: '/api/time-off', success: [200], errors: [...providerOnly] },
  addTimeOff: { method: 'POST', path: '/api/time-off', success: [201], errors: [...providerOnly, ...write, ...jsonBody] },
  changeTimeOff: {
    method: 'PUT',
    path: '/api/time-off/{id}',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'not_found'],
  },
  removeTimeOff: {
    method: 'DELETE',
    path: '/api/time-off/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found'],
  },
  holidays: { method: 'GET', path: '/api/holidays', success: [200], errors: [...providerOnly, ...checkedInput] },
  setHolidayCountry: { method: 'POST', path: '/api/holidays/country', success: [204], errors: [...providerOnly, ...write, ...jsonBody] },
  chooseHoliday: { method: 'POST', path: '/api/holidays/choice', success: [204], errors: [...providerOnly, ...write, ...jsonBody] },
  createRepeater: { method: 'POST', path: '/api/repeaters', success: [201], errors: [...providerOnly, ...write, ...jsonBody] },
  cancelSlot: {
    method: 'DELETE',
    path: '/api/slots/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  createAppointment: {
    method: 'POST',
    path: '/api/appointments',
    success: [200, 201],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'slot_taken', 'rate_limited', 'too_many_holds'],
  },
  listAppointments: { method: 'GET', path: '/api/appointments', success: [200], errors: [...signedIn, ...checkedInput, 'forbidden'] },
  appointment: { method: 'GET', path: '/api/appointments/{id}', success: [200], errors: [...signedIn, ...checkedInput, 'not_found'] },
  confirmWithoutPayment: {
    method: 'POST',
    path: '/api/appointments/{id}/confirm-without-payment',
    success: [200],
    errors: [...signedIn, ...write, 'not_found', 'payment_required', 'conflict', 'slot_taken', 'hold_expired'],
  },
  appointmentCheckout: {
    method: 'POST',
    path: '/api/appointments/{id}/checkout',
    success: [200],
    errors: [
      ...signedIn,
      ...write,
      ...checkedInput,
      'not_found',
      'conflict',
      'hold_expired',
      'payment_unavailable',
      'payment_provider_error',
    ],
  },
  cancelAppointment: {
    method: 'POST',
    path: '/api/appointments/{id}/cancel',
    success: [200],
    errors: [...signedIn, ...write, 'not_found', 'conflict'],
  },
  deductMembership: {
    method: 'POST',
    path: '/api/appointments/{id}/deduct-membership',
    success: [200],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'conflict', 'slot_taken', 'hold_expired', 'membership_unusable'],
  },
  markAppointmentPaid: {
    method: 'POST',
    path: '/api/appointments/{id}/mark-paid',
    success: [200],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  /** A refund owed by hand (refund_due_by_hand) was given back: 409 when none is owed. */
  markAppointmentRefunded: {
    method: 'POST',
    path: '/api/appointments/{id}/mark-refunded',
    success: [200],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  listMemberships: { method: 'GET', path: '/api/memberships', success: [200], errors: [...signedIn, ...checkedInput, 'forbidden'] },
  createMembership: {
    method: 'POST',
    path: '/api/memberships',
    success: [200, 201],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'forbidden', 'plan_unavailable', 'rate_limited', 'too_many_holds'],
  },
  membership: { method: 'GET', path: '/api/memberships/{id}', success: [200], errors: [...signedIn, ...checkedInput, 'not_found'] },
  confirmMembershipWithoutPayment: {
    method: 'POST',
    path: '/api/memberships/{id}/confirm-without-payment',
    success: [200],
    errors: [...signedIn, ...write, ...checkedInput, 'not_found', 'payment_required', 'purchase_expired', 'plan_unavailable'],
  },
  membershipCheckout: {
    method: 'POST',
    path: '/api/memberships/{id}/checkout',
    success: [200],
    errors: [
      ...signedIn,
      ...write,
      ...checkedInput,
      'not_found',
      'purchase_expired',
      'plan_unavailable',
      'payment_unavailable',
      'payment_provider_error',
    ],
  },
  cancelMembership: {
    method: 'POST',
    path: '/api/memberships/{id}/cancel',
    success: [200],
    errors: [...signedIn, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  markMembershipPaid: {
    method: 'POST',
    path: '/api/memberships/{id}/mark-paid',
    success: [200],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  purchasedServices: { method: 'GET', path: '/api/purchases/services', success: [200], errors: [...signedIn] },
  clients: { method: 'GET', path: '/api/clients', success: [200], errors: [...providerOnly] },
  insights: { method: 'GET', path: '/api/insights', success: [200], errors: [...providerOnly] },
  schedule: { method: 'GET', path: '/api/schedule', success: [200], errors: [...signedIn, ...checkedInput] },
  profile: { method: 'GET', path: '/api/profile/{username}', success: [200], errors: [...checkedInput, 'not_found'] },
  health: { method: 'GET', path: '/health', success: [200], errors: [] },
  ready: { method: 'GET', path: '/ready', success: [200, 503], errors: [] },
} as const satisfies Record<string, ApiRoute>;

/** Every error code a route can answer: its own and those any request may meet. */
export function routeErrorCodes(route: ApiRoute): ErrorCode[] {
  return [...new Set<ErrorCode>([...route.errors, ...ALWAYS_POSSIBLE_ERRORS])];
}
