/** Class timetables (repeaters) and their occurrences. */
export { classesRoutes } from './classes.routes.ts';
export { classesService } from './classes.service.ts';
