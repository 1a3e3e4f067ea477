/** Query keys of the provider's clients (their bookings are under `appointmentKeys.lists()`). */
export const clientKeys = {
  all: ['clients'] as const,
};
