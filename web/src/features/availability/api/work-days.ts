import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkDay } from '@slotted/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { availabilityKeys } from '../../../lib/query-keys.ts';

/** The week and the IANA zone its times are in (docs/product-rules.md#time-and-time-zones). */
export interface WorkWeek {
  days: WorkDay[];
  timezone: string;
}

export type WorkDayInput = Pick<WorkDay, 'weekday' | 'available' | 'from' | 'to'>;

function toWeek(body: { data: WorkDay[]; timezone: string }): WorkWeek {
  const days = Array.isArray(body.data) ? [...body.data].sort((a, b) => a.weekday - b.weekday) : [];
  return { days, timezone: body.timezone };
}

/** GET /api/work-days: seven days, Monday first. */
export async function fetchWorkDays(): Promise<WorkWeek> {
  const { body } = await apiRequest('workDays');
  return toWeek(body);
}

export const workDaysQueryOptions = queryOptions({ queryKey: availabilityKeys.workDays, queryFn: fetchWorkDays });

export function useWorkDays() {
  return useQuery(workDaysQueryOptions);
}

/** POST /api/work-days `{ data: [7 days] }`; answers like the GET. */
export async function saveWorkDays(days: WorkDayInput[]): Promise<WorkWeek> {
  const { body } = await apiRequest('saveWorkDays', { json: { data: days } });
  return toWeek(body);
}

export function useSaveWorkDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkDays,
    onSuccess: (week) => queryClient.setQueryData(availabilityKeys.workDays, week),
  });
}
