import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { calendarConnectionKeys } from '../../../lib/query-keys.ts';

/** GET /api/calendar-connections: the provider's connected CalDAV accounts and their calendars. */
export function useCalendarConnections() {
  return useQuery({
    queryKey: calendarConnectionKeys.all,
    queryFn: () => apiData('calendarConnections'),
    // A new connection is read in the background: ask again soon until it has been, then now and then.
    refetchInterval: (query) => (query.state.data?.some((c) => c.synced_at === null && c.failing_since === null) ? 2000 : 60_000),
  });
}
