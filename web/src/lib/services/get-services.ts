import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service, ServiceType } from '@slotted/contract';
import { apiData } from '../api-client.ts';
import { serviceKeys } from '../query-keys.ts';

/** GET /api/services (optionally only one type): the signed-in provider's services. */
export async function fetchServices(type?: ServiceType): Promise<Service[]> {
  return apiData('listServices', { query: { type } });
}

export const servicesQueryOptions = (type?: ServiceType) =>
  queryOptions({ queryKey: serviceKeys.list(type ?? 'all'), queryFn: () => fetchServices(type) });

export function useServices(type?: ServiceType) {
  return useQuery(servicesQueryOptions(type));
}
