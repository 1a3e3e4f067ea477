import type { ErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RouteAccess = 'public' | 'user' | 'provider';

/**
 * One route of the API: its method, its path (OpenAPI style, `{id}`), who may call it, the
 * statuses it succeeds with and every error code it can answer. The server registers every route
 * from its entry (with its schemas from api-schemas.ts), and a test holds /api/docs to this table,
 * so the table is what the API does. This file stays free of Zod: the web app imports it.
 */
export interface ApiRoute {
  method: HttpMethod;
  /**
   * Who may call it: anyone, a signed-in user, or a provider (clients get 403). The server guards
   * each route by this field, so a route's guard cannot differ from its entry.
   */
  access: RouteAccess;
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
  csrfCookie: { method: 'GET', access: 'public', path: '/sanctum/csrf-cookie', success: [204], errors: [] },
  login: { method: 'POST', access: 'public', path: '/api/login', success: [200], errors: [...write, ...jsonBody, 'rate_limited'] },
  magicLink: {
    method: 'POST',
    access: 'public',
    path: '/api/magic-link',
    success: [200, 202],
    errors: [...write, ...jsonBody, 'magic_link_invalid', 'magic_link_expired'],
  },
  createUser: {
    method: 'POST',
    access: 'public',
    path: '/api/create-user',
    success: [200, 201],
    errors: [...write, ...jsonBody, 'magic_link_invalid', 'magic_link_expired', 'conflict'],
  },
  logout: { method: 'POST', access: 'public', path: '/auth/logout', success: [204], errors: [...write] },
  socialStart: { method: 'GET', access: 'public', path: '/auth/social/{provider}', success: [302], errors: ['not_found'] },
  socialCallback: { method: 'GET', access: 'public', path: '/auth/social/{provider}/callback', success: [302], errors: ['not_found'] },
  config: { method: 'GET', access: 'public', path: '/api/config', success: [200], errors: [] },
  me: { method: 'GET', access: 'user', path: '/api/me', success: [200], errors: [...signedIn] },
  updateMe: { method: 'POST', access: 'user', path: '/api/me', success: [200], errors: [...signedIn, ...write, ...jsonBody] },
  updatePayments: {
    method: 'POST',
    access: 'provider',
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
    access: 'public',
    path: '/stripe/connect',
    success: [302],
    errors: ['forbidden', 'not_found', 'payment_provider_error'],
  },
  stripeDashboard: {
    method: 'GET',
    access: 'public',
    path: '/stripe/dashboard',
    success: [302],
    errors: ['forbidden', 'not_found', 'stripe_not_connected', 'payment_provider_error'],
  },
  /** Stripe's signed events: no session, no XSRF token; the signature is the authentication. */
  stripeWebhook: { method: 'POST', access: 'public', path: '/api/stripe/webhook', success: [200], errors: ['bad_request', 'not_found'] },
  listServices: { method: 'GET', access: 'provider', path: '/api/services', success: [200], errors: [...providerOnly, ...checkedInput] },
  createService: {
    method: 'POST',
    access: 'provider',
    path: '/api/services',
    success: [201],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  updateService: {
    method: 'PUT',
    access: 'provider',
    path: '/api/services/{id}',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'not_found'],
  },
  deleteService: {
    method: 'DELETE',
    access: 'provider',
    path: '/api/services/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found'],
  },
  listPlans: { method: 'GET', access: 'provider', path: '/api/plans', success: [200], errors: [...providerOnly] },
  createPlan: { method: 'POST', access: 'provider', path: '/api/plans', success: [201], errors: [...providerOnly, ...write, ...jsonBody] },
  updatePlan: {
    method: 'POST',
    access: 'provider',
    path: '/api/plans/{id}',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'not_found'],
  },
  deletePlan: {
    method: 'DELETE',
    access: 'provider',
    path: '/api/plans/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found'],
  },
  serviceSlots: {
    method: 'GET',
    access: 'public',
    path: '/api/services/{id}/slots',
    success: [200],
    errors: [...checkedInput, 'not_found'],
  },
  workDays: { method: 'GET', access: 'provider', path: '/api/work-days', success: [200], errors: [...providerOnly] },
  saveWorkDays: {
    method: 'POST',
    access: 'provider',
    path: '/api/work-days',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  policies: { method: 'GET', access: 'provider', path: '/api/policies', success: [200], errors: [...providerOnly] },
  savePolicies: {
    method: 'POST',
    access: 'provider',
    path: '/api/policies',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  timeOff: { method: 'GET', access: 'provider', path: '/api/time-off', success: [200], errors: [...providerOnly] },
  addTimeOff: {
    method: 'POST',
    access: 'provider',
    path: '/api/time-off',
    success: [201],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  changeTimeOff: {
    method: 'PUT',
    access: 'provider',
    path: '/api/time-off/{id}',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'not_found'],
  },
  removeTimeOff: {
    method: 'DELETE',
    access: 'provider',
    path: '/api/time-off/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found'],
  },
  holidays: { method: 'GET', access: 'provider', path: '/api/holidays', success: [200], errors: [...providerOnly, ...checkedInput] },
  setHolidayCountry: {
    method: 'POST',
    access: 'provider',
    path: '/api/holidays/country',
    success: [204],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  chooseHoliday: {
    method: 'POST',
    access: 'provider',
    path: '/api/holidays/choice',
    success: [204],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  createRepeater: {
    method: 'POST',
    access: 'provider',
    path: '/api/repeaters',
    success: [201],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  cancelSlot: {
    method: 'DELETE',
    access: 'provider',
    path: '/api/slots/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  joinWaitlist: {
    method: 'POST',
    access: 'user',
    path: '/api/slots/{id}/waitlist',
    success: [201],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'conflict'],
  },
  leaveWaitlist: {
    method: 'DELETE',
    access: 'user',
    path: '/api/slots/{id}/waitlist',
    success: [204],
    errors: [...signedIn, ...write, ...checkedInput, 'not_found'],
  },
  slotWaitlist: {
    method: 'GET',
    access: 'provider',
    path: '/api/slots/{id}/waitlist',
    success: [200],
    errors: [...providerOnly, ...checkedInput, 'not_found'],
  },
  myWaitlist: { method: 'GET', access: 'user', path: '/api/waitlist', success: [200], errors: [...signedIn] },
  createAppointment: {
    method: 'POST',
    access: 'user',
    path: '/api/appointments',
    success: [200, 201],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'slot_taken', 'rate_limited', 'too_many_holds'],
  },
  listAppointments: {
    method: 'GET',
    access: 'user',
    path: '/api/appointments',
    success: [200],
    errors: [...signedIn, ...checkedInput, 'forbidden'],
  },
  appointment: {
    method: 'GET',
    access: 'user',
    path: '/api/appointments/{id}',
    success: [200],
    errors: [...signedIn, ...checkedInput, 'not_found'],
  },
  confirmWithoutPayment: {
    method: 'POST',
    access: 'user',
    path: '/api/appointments/{id}/confirm-without-payment',
    success: [200],
    errors: [...signedIn, ...write, 'not_found', 'payment_required', 'conflict', 'slot_taken', 'hold_expired'],
  },
  appointmentCheckout: {
    method: 'POST',
    access: 'user',
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
    access: 'user',
    path: '/api/appointments/{id}/cancel',
    success: [200],
    errors: [...signedIn, ...write, 'not_found', 'conflict'],
  },
  deductMembership: {
    method: 'POST',
    access: 'user',
    path: '/api/appointments/{id}/deduct-membership',
    success: [200],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'conflict', 'slot_taken', 'hold_expired', 'membership_unusable'],
  },
  markAppointmentPaid: {
    method: 'POST',
    access: 'provider',
    path: '/api/appointments/{id}/mark-paid',
    success: [200],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  /** A refund owed by hand (refund_due_by_hand) was given back: 409 when none is owed. */
  markAppointmentRefunded: {
    method: 'POST',
    access: 'provider',
    path: '/api/appointments/{id}/mark-refunded',
    success: [200],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  /** Moving a confirmed booking to another time of the same service: the client before the cancellation notice, the provider any time. */
  rescheduleAppointment: {
    method: 'POST',
    access: 'user',
    path: '/api/appointments/{id}/reschedule',
    success: [200],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'conflict', 'slot_taken', 'membership_unusable'],
  },
  /** The provider's check-in: from an hour before the start until seven days after it (409 outside). */
  markAttendance: {
    method: 'POST',
    access: 'provider',
    path: '/api/appointments/{id}/attendance',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'not_found', 'conflict'],
  },
  listMemberships: {
    method: 'GET',
    access: 'user',
    path: '/api/memberships',
    success: [200],
    errors: [...signedIn, ...checkedInput, 'forbidden'],
  },
  createMembership: {
    method: 'POST',
    access: 'user',
    path: '/api/memberships',
    success: [200, 201],
    errors: [...signedIn, ...write, ...jsonBody, 'not_found', 'forbidden', 'plan_unavailable', 'rate_limited', 'too_many_holds'],
  },
  membership: {
    method: 'GET',
    access: 'user',
    path: '/api/memberships/{id}',
    success: [200],
    errors: [...signedIn, ...checkedInput, 'not_found'],
  },
  confirmMembershipWithoutPayment: {
    method: 'POST',
    access: 'user',
    path: '/api/memberships/{id}/confirm-without-payment',
    success: [200],
    errors: [...signedIn, ...write, ...checkedInput, 'not_found', 'payment_required', 'purchase_expired', 'plan_unavailable'],
  },
  membershipCheckout: {
    method: 'POST',
    access: 'user',
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
    access: 'user',
    path: '/api/memberships/{id}/cancel',
    success: [200],
    errors: [...signedIn, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  markMembershipPaid: {
    method: 'POST',
    access: 'provider',
    path: '/api/memberships/{id}/mark-paid',
    success: [200],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found', 'conflict'],
  },
  purchasedServices: { method: 'GET', access: 'user', path: '/api/purchases/services', success: [200], errors: [...signedIn] },
  /** The signed-in person's private calendar feed address, or null before they make one. */
  calendarFeed: { method: 'GET', access: 'user', path: '/api/calendar-feed', success: [200], errors: [...signedIn] },
  /** Makes the feed address, or a new one that ends the old at once. */
  newCalendarFeed: { method: 'POST', access: 'user', path: '/api/calendar-feed', success: [201], errors: [...signedIn, ...write] },
  /** The provider's CalDAV connections (docs/product-rules.md#calendar-connections). */
  calendarConnections: { method: 'GET', access: 'provider', path: '/api/calendar-connections', success: [200], errors: [...providerOnly] },
  /** Checks the address and password, discovers the calendars and keeps the connection. */
  createCalendarConnection: {
    method: 'POST',
    access: 'provider',
    path: '/api/calendar-connections',
    success: [201],
    errors: [...providerOnly, ...write, ...jsonBody],
  },
  /** Which calendars block times and which one takes the bookings. */
  updateCalendarConnection: {
    method: 'POST',
    access: 'provider',
    path: '/api/calendar-connections/{id}',
    success: [200],
    errors: [...providerOnly, ...write, ...jsonBody, 'not_found'],
  },
  /** Disconnects: its busy times and credentials are deleted. */
  deleteCalendarConnection: {
    method: 'DELETE',
    access: 'provider',
    path: '/api/calendar-connections/{id}',
    success: [204],
    errors: [...providerOnly, ...write, ...checkedInput, 'not_found'],
  },
  clients: { method: 'GET', access: 'provider', path: '/api/clients', success: [200], errors: [...providerOnly] },
  insights: { method: 'GET', access: 'provider', path: '/api/insights', success: [200], errors: [...providerOnly] },
  schedule: { method: 'GET', access: 'user', path: '/api/schedule', success: [200], errors: [...signedIn, ...checkedInput] },
  profile: { method: 'GET', access: 'public', path: '/api/profile/{username}', success: [200], errors: [...checkedInput, 'not_found'] },
  profileTimetable: {
    method: 'GET',
    access: 'public',
    path: '/api/profile/{username}/timetable',
    success: [200],
    errors: [...checkedInput, 'not_found'],
  },
  health: { method: 'GET', access: 'public', path: '/health', success: [200], errors: [] },
  ready: { method: 'GET', access: 'public', path: '/ready', success: [200, 503], errors: [] },
} as const satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof apiRoutes;

/** Every error code a route can answer: its own and those any request may meet. */
export function routeErrorCodes(route: ApiRoute): ErrorCode[] {
  return [...new Set<ErrorCode>([...route.errors, ...ALWAYS_POSSIBLE_ERRORS])];
}
