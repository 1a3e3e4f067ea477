import { useQuery } from '@tanstack/react-query';
import type { Membership } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { membershipKeys } from '../../../lib/query-keys.ts';
import { readMembership } from './get-membership.ts';

/** GET /api/memberships?include=services: the signed-in client's memberships with their groups and credits. */
export async function fetchMyMemberships(): Promise<Membership[]> {
  const list = await apiData<unknown[] | null>('/api/memberships', { query: { include: 'services' } });
  return (Array.isArray(list) ? list : []).map((entry) => readMembership(entry, 'GET /api/memberships'));
}

export function useMyMemberships() {
  return useQuery({ queryKey: membershipKeys.mine(), queryFn: fetchMyMemberships });
}
