/** The bookable times of a service, and the slot engine's input read from the database. */
export { busyTime, enginePolicy, engineInput, type BookableService } from './engine-input.ts';
export { slotsRoutes } from './slots.routes.ts';
export { slotsService } from './slots.service.ts';
export { timetableService } from './timetable.service.ts';
