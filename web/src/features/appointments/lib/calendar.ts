import { calendarFile, calendarFileName, type Appointment } from '@slotted/contract';

/** How long the download link lives after the click before it is freed. */
export const CALENDAR_URL_LIFETIME_MS = 5000;

/** The booking as an RFC 5545 calendar file (the contract's, as in the confirmation e-mails). */
export function appointmentCalendarFile(appointment: Appointment, now: Date = new Date()): string {
  return calendarFile({
    uid: `${appointment.id}@slotted`,
    title: appointment.name,
    providerName: appointment.provider.name,
    location: appointment.location,
    startsAt: appointment.starts_at,
    endsAt: appointment.ends_at,
    stamp: now.toISOString(),
  });
}

/** Downloads the booking's .ics file through a Blob object URL, revoked 5 seconds later. */
export function downloadAppointmentCalendar(appointment: Appointment, now: Date = new Date()): void {
  const blob = new Blob([appointmentCalendarFile(appointment, now)], { type: 'text/calendar;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = calendarFileName(appointment.name);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), CALENDAR_URL_LIFETIME_MS);
}
