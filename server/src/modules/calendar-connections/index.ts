export { calendarConnectionsRoutes } from './calendar-connections.routes.ts';
export { calendarConnectionsService, type CalendarConnectionsService } from './calendar-connections.service.ts';
export { caldavClient } from './caldav.ts';
export { storedBusyTimes } from './calendar-connections.queries.ts';
