import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Appointment } from '@slotted/contract';
import { apiData } from '../api-client.ts';
import { appointmentKeys, membershipKeys, purchaseKeys, scheduleKeys, serviceSlotKeys } from '../query-keys.ts';

/** POST /api/appointments/{id}/cancel: answers with the cancelled booking (409 if already cancelled or started). */
export async function cancelAppointment(id: string): Promise<Appointment> {
  return apiData('cancelAppointment', { params: { id } });
}

/**
 * The toast after a booking is cancelled: 'Appointment cancelled.' (the spec's text) for a 1:1, and
 * for a place in a class 'Booking cancelled.', as the class itself goes on ('Class cancelled.' is
 * the provider cancelling the class).
 */
export function bookingCancelledTitle(type: 'appointment' | 'class'): string {
  return type === 'class' ? 'Booking cancelled.' : 'Appointment cancelled.';
}

/**
 * After a booking changes (confirmed, cancelled, re-booked): the lists that show it, the free
 * times of the public choose-time pages, and the credits of My passes (a booking may use or give
 * back a membership credit).
 */
export function refreshBookingLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
    queryClient.invalidateQueries({ queryKey: serviceSlotKeys.all }),
    queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
    queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  ]);
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment);
      void refreshBookingLists(queryClient);
    },
  });
}
