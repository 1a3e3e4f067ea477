import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarConnection, ConnectCalendarInput } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { calendarConnectionKeys } from '../../../lib/query-keys.ts';

/** POST /api/calendar-connections: checks the address and password and discovers the calendars. */
export function useConnectCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectCalendarInput): Promise<CalendarConnection> => apiData('createCalendarConnection', { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarConnectionKeys.all }),
  });
}
