/**
 * Membership rules (docs/product-rules.md#memberships-and-credits): periods, validity, renewal and
 * expiry days, credits per period, which memberships can pay for a booking, and My passes'
 * availability per service. Pure: no I/O, no clock. See README.md.
 */
export type * from './types.ts';
export { cancellable, membershipState } from './membership-periods.ts';
export { groupToDraw, membershipSummary, periodCredits, serviceAvailability, usableMemberships } from './membership-credits.ts';
