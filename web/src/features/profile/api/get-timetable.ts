import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProfileTimetableResponse } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/profile/{username}/timetable?timezone=…&from=… (login optional): a week of the provider's
 * classes, day by day in the viewer's zone, with the places left (docs/product-rules.md#public-profile).
 */
export async function fetchTimetable(username: string, timezone: string, from: string | null): Promise<ProfileTimetableResponse> {
  const { body } = await apiRequest('profileTimetable', { params: { username }, query: from ? { timezone, from } : { timezone } });
  return body;
}

/** The timetable a week at a time: `fetchNextPage` adds the next week while the provider takes bookings that far ahead. */
export function useTimetable(username: string, timezone: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...profileKeys.detail(username), 'timetable', timezone],
      queryFn: ({ pageParam }) => fetchTimetable(username, timezone, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.meta.next_from ?? undefined,
      // Places change as others book: look again when the visitor comes back to the tab.
      staleTime: 15_000,
      refetchOnWindowFocus: true,
    }),
  );
}
