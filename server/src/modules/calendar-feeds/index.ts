export { calendarFeedsRoutes } from './calendar-feeds.routes.ts';
export { calendarFeedsService } from './calendar-feeds.service.ts';
