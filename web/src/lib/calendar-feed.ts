import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from './api-client.ts';
import { calendarFeedKeys } from './query-keys.ts';

/**
 * The signed-in person's private calendar feed address (docs/product-rules.md#calendar-feeds):
 * null until they make one. Shared by Settings → Calendar and My schedule.
 */
export const calendarFeedQueryOptions = queryOptions({ queryKey: calendarFeedKeys.all, queryFn: () => apiData('calendarFeed') });

export function useCalendarFeed(enabled = true) {
  return useQuery({ ...calendarFeedQueryOptions, enabled });
}

/** Makes the address, or a new one that ends the old at once. */
export function useNewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiData('newCalendarFeed'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKeys.all, feed),
  });
}
