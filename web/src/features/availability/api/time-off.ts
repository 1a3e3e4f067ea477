import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TimeOff } from '@slotted/contract';
import { apiData, apiRequest } from '../../../lib/api-client.ts';
import { availabilityKeys } from '../../../lib/query-keys.ts';

export type TimeOffInput = Omit<TimeOff, 'id'>;

export interface TimeOffList {
  periods: TimeOff[];
  /** The zone the dates and times are in. */
  timezone: string;
}

const start = (t: TimeOff) => `${t.from_date}T${t.from_time}`;

/** GET /api/time-off, earliest first. */
export async function fetchTimeOff(): Promise<TimeOffList> {
  const { body } = await apiRequest('timeOff');
  const periods = [...body.data].sort((a, b) => start(a).localeCompare(start(b)));
  return { periods, timezone: body.timezone };
}

export const timeOffQueryOptions = queryOptions({ queryKey: availabilityKeys.timeOff, queryFn: fetchTimeOff });

export function useTimeOff() {
  return useQuery(timeOffQueryOptions);
}

/** POST /api/time-off (new) or PUT /api/time-off/{id}. */
export async function saveTimeOff({ id, input }: { id?: number; input: TimeOffInput }): Promise<TimeOff> {
  return id === undefined ? apiData('addTimeOff', { json: input }) : apiData('changeTimeOff', { params: { id }, json: input });
}

export function useSaveTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTimeOff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.timeOff }),
  });
}

/** DELETE /api/time-off/{id} (204). */
export async function deleteTimeOff(id: number): Promise<void> {
  await apiRequest('removeTimeOff', { params: { id } });
}

export function useDeleteTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeOff,
    onSuccess: (_, id) => {
      queryClient.setQueryData<TimeOffList>(
        availabilityKeys.timeOff,
        (list) => list && { ...list, periods: list.periods.filter((p) => p.id !== id) },
      );
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.timeOff });
    },
  });
}
