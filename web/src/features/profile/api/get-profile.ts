import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan, PublicProfile } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** A plan as the public profile lists it. */
export type PublicPlan = Plan;

export type Profile = PublicProfile;

/** GET /api/profile/{username} (login optional); 404 not_found when there is no such provider. */
export async function fetchProfile(username: string): Promise<Profile> {
  return apiData('profile', { params: { username } });
}

export const profileQueryOptions = (username: string) =>
  queryOptions({ queryKey: profileKeys.detail(username), queryFn: () => fetchProfile(username) });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}
