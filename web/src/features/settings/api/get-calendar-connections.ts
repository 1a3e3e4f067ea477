import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { calendarConnectionKeys } from '../../../lib/query-keys.ts';

/** GET /api/calendar-connections: the provider's connected CalDAV accounts and their calendars. */
export function useCalendarConnections() {
  return useQuery({ queryKey: calendarConnectionKeys.all, queryFn: () => apiData('calendarConnections') });
}
