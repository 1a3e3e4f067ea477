/** Query keys of a service's free times: invalidating `all` refreshes every choose-time page after a booking change. */
export const serviceSlotKeys = {
  all: ['service-slots'] as const,
  service: (serviceId: string) => [...serviceSlotKeys.all, serviceId] as const,
};
