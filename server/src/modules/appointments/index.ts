/** Bookings: holds, confirmation, cancellation, re-booking, and their e-mails. */
export { expireStaleHolds, providersWithStaleHolds } from './appointments.queries.ts';
export { missingPayment, paymentOptions } from './appointments.presenter.ts';
export { appointmentsRoutes } from './appointments.routes.ts';
export { appointmentsService } from './appointments.service.ts';
export type { PlaceToOffer } from './use-cases/offer-place.ts';
