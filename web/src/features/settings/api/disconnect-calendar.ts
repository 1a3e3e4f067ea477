import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { calendarConnectionKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/calendar-connections/{id}: disconnects (busy times and the password are deleted). */
export function useDisconnectCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('deleteCalendarConnection', { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarConnectionKeys.all }),
  });
}
