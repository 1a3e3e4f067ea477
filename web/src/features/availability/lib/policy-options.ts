import { ADVANCE_BOOKING_DAYS, BOOKING_NOTICE_HOURS, CANCELLATION_NOTICE_HOURS, REMINDER_HOURS } from '@slotted/contract';
import type { SelectOption } from '../../../components/ui/select.tsx';

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** Booking notice (hours); 0 is no notice at all. */
export const BOOKING_NOTICE_OPTIONS: SelectOption<number>[] = BOOKING_NOTICE_HOURS.map((n) => ({
  value: n,
  title: n === 0 ? 'No notice' : hours(n),
}));

/** Advance booking (days). */
export const ADVANCE_BOOKING_OPTIONS: SelectOption<number>[] = ADVANCE_BOOKING_DAYS.map((n) => ({ value: n, title: days(n) }));

/** Cancellation notice (hours); 0 means Never (cancelled bookings are never refunded). */
export const CANCELLATION_NOTICE_OPTIONS: SelectOption<number>[] = CANCELLATION_NOTICE_HOURS.map((n) =>
  n === 0 ? { value: 0, title: 'Never', detail: 'Cancelled bookings are not refunded' } : { value: n, title: hours(n) },
);

/** Reminder e-mail (hours before a session); 0 is off (docs/product-rules.md#reminders). */
export const REMINDER_OPTIONS: SelectOption<number>[] = REMINDER_HOURS.map((n) =>
  n === 0 ? { value: 0, title: 'Off', detail: 'Clients get no reminder e-mail' } : { value: n, title: `${hours(n)} before` },
);
