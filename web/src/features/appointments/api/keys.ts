/** Query keys of bookings: every key starts with `all`, so lists and single bookings can be refreshed together. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  detail: (id: string) => [...appointmentKeys.all, 'detail', id] as const,
  /** Lists of bookings (e.g. a client's, in the client panel). */
  lists: () => [...appointmentKeys.all, 'list'] as const,
  list: (filters: { client_id: string; subset: string }) => [...appointmentKeys.lists(), filters] as const,
};
