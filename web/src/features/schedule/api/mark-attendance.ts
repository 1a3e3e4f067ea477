import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Attendance, ScheduleDay } from '@slotted/contract';
import { apiData } from '../../../lib/api-client.ts';
import { appointmentKeys, clientKeys, insightsKeys, scheduleKeys } from '../../../lib/query-keys.ts';

export interface MarkAttendanceInput {
  id: string;
  /** Attended, no-show, or null to take the mark back. */
  status: Attendance | null;
}

/** Every cached schedule with this booking's attendance replaced. */
function withAttendance(days: ScheduleDay[] | undefined, { id, status }: MarkAttendanceInput): ScheduleDay[] | undefined {
  return days?.map((day) => ({
    ...day,
    slots: day.slots.map((slot) =>
      slot.appointments.some((a) => a.id === id)
        ? { ...slot, appointments: slot.appointments.map((a) => (a.id === id ? { ...a, attendance: status } : a)) }
        : slot,
    ),
  }));
}

/**
 * The roster's check-in (docs/product-rules.md#roster-and-check-in): POST
 * /api/appointments/{id}/attendance. The schedule shows the mark at once and puts the previous one
 * back if the server refuses (the caller tells why); the client counts and Insights refresh after.
 */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: MarkAttendanceInput) => apiData('markAttendance', { params: { id }, json: { status } }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: scheduleKeys.all });
      const before = queryClient.getQueriesData<ScheduleDay[]>({ queryKey: scheduleKeys.all });
      queryClient.setQueriesData<ScheduleDay[]>({ queryKey: scheduleKeys.all }, (days) => withAttendance(days, input));
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, days] of context?.before ?? []) queryClient.setQueryData(key, days);
    },
    onSuccess: (appointment) => queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment),
    onSettled: () => {
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
      ]);
    },
  });
}
