/** The waitlist of full class occurrences: joining, leaving, offers of freed places, closing. */
export { lineCounts, positionsOfClient } from './waitlist.queries.ts';
export { waitlistRoutes } from './waitlist.routes.ts';
export { FILL_JOB, waitlistService } from './waitlist.service.ts';
export type { BookingWaitlistHooks, WaitlistHooks } from './waitlist-hooks.ts';
