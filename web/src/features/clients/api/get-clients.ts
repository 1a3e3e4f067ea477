import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { clientKeys } from '../../../lib/query-keys.ts';

/** GET /api/clients (providers): everyone who has booked the signed-in provider. */
export async function fetchClients(): Promise<Client[]> {
  return apiData('clients');
}

export const clientsQueryOptions = queryOptions({ queryKey: clientKeys.all, queryFn: fetchClients });

export function useClients({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...clientsQueryOptions, enabled });
}
