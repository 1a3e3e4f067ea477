/** The schedule cards of providers and clients. */
export { scheduleRoutes } from './schedule.routes.ts';
export { scheduleService } from './schedule.service.ts';
