import { useQuery } from '@tanstack/react-query';
import type { Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { membershipKeys } from '../../../lib/query-keys.ts';

/** GET /api/memberships?include=services: the signed-in client's memberships with their groups and credits. */
export async function fetchMyMemberships(): Promise<Membership[]> {
  return apiData('listMemberships', { query: { include: 'services' } });
}

export function useMyMemberships() {
  return useQuery({ queryKey: membershipKeys.mine(), queryFn: fetchMyMemberships });
}
