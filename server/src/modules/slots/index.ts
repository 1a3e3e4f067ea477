/** The bookable times of a service, and the slot engine's input read from the database. */
export { busyTime, enginePolicy } from './engine-input.ts';
export { providerInputs, type ProviderInput, type ProviderInputs } from './provider-inputs.ts';
export { slotsRoutes } from './slots.routes.ts';
export { slotsService } from './slots.service.ts';
export { timetableService } from './timetable.service.ts';
