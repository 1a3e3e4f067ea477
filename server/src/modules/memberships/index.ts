/** Memberships and passes: buying a plan, its credits, My passes, and paying a booking with a credit. */
export { loadMembershipFacts, snapshotPlanGroups, toDomainMembership } from './membership-credits.queries.ts';
export type { MembershipFacts, MembershipFilter, MembershipRow } from './membership-credits.queries.ts';
export { checkHoldLimit, limitHoldAttempts, type HoldTable } from './live-holds.ts';
export { expireStalePurchaseHolds } from './memberships.queries.ts';
export { membershipsRoutes } from './memberships.routes.ts';
export { membershipsService } from './memberships.service.ts';
