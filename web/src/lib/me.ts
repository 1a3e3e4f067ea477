import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@slotted/contract';
import { apiData, isApiError } from './api-client.ts';
import { meKeys } from './query-keys.ts';

/** The signed-in user, or null when signed out (the server answers 401). */
export async function fetchMe(): Promise<Me | null> {
  try {
    const data = await apiData('me');
    // A contract drift is made visible to developers; production builds leave the schema (and its
    // validation library) off the first load of every page.
    if (import.meta.env.DEV) void checkMe(data);
    return data;
  } catch (error) {
    if (isApiError(error, 'unauthenticated')) return null;
    throw error;
  }
}

async function checkMe(data: unknown): Promise<void> {
  const { meSchema } = await import('@slotted/contract');
  const parsed = meSchema.safeParse(data);
  if (!parsed.success) console.error('GET /api/me does not match the contract', parsed.error.issues);
}

export const meQueryOptions = queryOptions({
  queryKey: meKeys.all,
  queryFn: fetchMe,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
