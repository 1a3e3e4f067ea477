import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { PublicProfile } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** A plan as the public profile lists it; the contract leaves plans open until the plans issue. */
export const publicPlanSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  description: z.string().nullable().catch(''),
  price: z.coerce.number(),
  /** 'month' for a membership, '' for a single payment. */
  interval: z.string().nullable().catch(''),
  /** Months a single payment is valid for ('12', '6', '3', '1'). */
  expires_in: z.union([z.string(), z.number()]).nullable().optional().catch(null),
  benefits: z.array(z.string()).catch([]),
  cover: z.string().nullable().catch(null),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;

export type Profile = Omit<PublicProfile, 'plans'> & { plans: PublicPlan[] };

/** GET /api/profile/{username} (login optional); 404 when there is no such provider. */
export async function fetchProfile(username: string): Promise<Profile> {
  const data = await apiData<PublicProfile>(`/api/profile/${encodeURIComponent(username)}`);
  const plans: PublicPlan[] = [];
  for (const raw of Array.isArray(data.plans) ? data.plans : []) {
    const parsed = publicPlanSchema.safeParse(raw);
    if (parsed.success) plans.push(parsed.data);
    else console.error('A plan of the public profile does not have the expected shape', parsed.error.issues);
  }
  return { ...data, services: Array.isArray(data.services) ? data.services : [], plans };
}

export const profileQueryOptions = (username: string) =>
  queryOptions({ queryKey: profileKeys.detail(username), queryFn: () => fetchProfile(username) });

export function useProfile(username: string) {
  return useQuery(profileQueryOptions(username));
}
