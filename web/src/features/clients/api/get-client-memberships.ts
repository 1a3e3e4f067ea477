import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { membershipKeys } from '../../../lib/query-keys.ts';

/** GET /api/memberships?client_id=…&include=services (providers): what one client bought from them. */
export async function fetchClientMemberships(clientId: string): Promise<Membership[]> {
  return apiData('listMemberships', { query: { client_id: clientId, include: 'services' } });
}

export const clientMembershipsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: membershipKeys.list({ client_id: clientId, include: 'services' }),
    queryFn: () => fetchClientMemberships(clientId),
  });

export function useClientMemberships(clientId: string, { enabled = true } = {}) {
  return useQuery({ ...clientMembershipsQueryOptions(clientId), enabled });
}
