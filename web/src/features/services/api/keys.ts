import type { ServiceType } from '@slotted/contract';

/** Query keys of the provider's catalog: invalidating `all` refreshes every list of services. */
export const serviceKeys = {
  all: ['services'] as const,
  /** The list of one type of services, or of every service ('all'). */
  list: (type: ServiceType | 'all') => [...serviceKeys.all, type] as const,
};
