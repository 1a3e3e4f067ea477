import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarConnection, UpdateCalendarConnectionInput } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { calendarConnectionKeys } from '../../../lib/query-keys.ts';

/** POST /api/calendar-connections/{id}: which calendars block times and which one takes the bookings. */
export function useUpdateCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateCalendarConnectionInput & { id: string }): Promise<CalendarConnection> =>
      apiData('updateCalendarConnection', { params: { id }, json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarConnectionKeys.all }),
  });
}
