import { queryOptions, useQuery } from '@tanstack/react-query';
import { meSchema, type Me } from '@slotted/contract';
import { apiData, isApiError } from './api-client.ts';
import { meKeys } from './query-keys.ts';

/** The signed-in user, or null when signed out (the server answers 401). */
export async function fetchMe(): Promise<Me | null> {
  try {
    const data = await apiData<unknown>('/api/me');
    const parsed = meSchema.safeParse(data);
    if (parsed.success) return parsed.data;
    // Keep working with what the server sent, but make a contract drift visible to developers.
    console.error('GET /api/me does not match the contract', parsed.error.issues);
    return data as Me;
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meKeys.all,
  queryFn: fetchMe,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
