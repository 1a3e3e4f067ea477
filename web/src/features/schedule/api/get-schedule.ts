import { queryOptions, useQuery } from '@tanstack/react-query';
import { SCHEDULE_SUBSETS, type ScheduleDay, type ScheduleSubset } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { scheduleKeys } from '../../../lib/query-keys.ts';

export function isScheduleSubset(value: string): value is ScheduleSubset {
  return (SCHEDULE_SUBSETS as readonly string[]).includes(value);
}

/** GET /api/schedule?subset=…: the signed-in user's bookings and classes, grouped by day. */
export async function fetchSchedule(subset: ScheduleSubset): Promise<ScheduleDay[]> {
  const days = await apiData('schedule', { query: { subset } });
  return days.filter((day) => day.slots.length > 0);
}

export const scheduleQueryOptions = (subset: ScheduleSubset) =>
  queryOptions({ queryKey: scheduleKeys.subset(subset), queryFn: () => fetchSchedule(subset) });

export function useSchedule(subset: ScheduleSubset) {
  return useQuery(scheduleQueryOptions(subset));
}
