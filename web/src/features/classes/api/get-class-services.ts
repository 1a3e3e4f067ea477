import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { serviceKeys } from '../../../lib/query-keys.ts';

/** GET /api/services?type=class: the provider's classes, for the Add a Class picker. */
export async function fetchClassServices(): Promise<Service[]> {
  const services = await apiData('listServices', { query: { type: 'class' } });
  return services.filter((service) => service.type === 'class');
}

export const classServicesQueryOptions = queryOptions({
  // Same key as the catalog's list of classes, so saving a service there refreshes this picker too.
  queryKey: serviceKeys.list('class'),
  queryFn: fetchClassServices,
});

export function useClassServices(enabled = true) {
  return useQuery({ ...classServicesQueryOptions, enabled });
}
