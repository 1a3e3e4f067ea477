/**
 * E-mails about bookings (docs/product-rules.md#e-mails-and-calendar-files): confirmations with the
 * calendar file, cancellation notices, and reminders (docs/product-rules.md#reminders).
 */
import { calendarFile, calendarFileName, calendarMethod, euroText, type CalendarEvent, type Policies } from '@slotted/contract';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import { localReading } from '../../domain/scheduling/local-reading.ts';
import type { AppointmentDetails } from './appointments.queries.ts';
import { clientRefundable, prettyDate } from './appointments.presenter.ts';

function when(d: AppointmentDetails, timeZone: string): string {
  const a = d.appointment;
  return `${prettyDate(a.startsAt, timeZone)}, ${localReading(a.startsAt.getTime(), timeZone).time}–${localReading(a.endsAt.getTime(), timeZone).time} (${timeZone})`;
}

/** 'Saturday, 24 October 2026 at 11:00' in the given zone. */
function at(instant: Date, timeZone: string): string {
  return `${prettyDate(instant, timeZone)} at ${localReading(instant.getTime(), timeZone).time}`;
}

interface Link {
  href: string;
  label: string;
}

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link: Link | Link[],
  attachIcs?: { d: AppointmentDetails; cancelled: boolean; now: Date },
): MailMessage {
  const links = Array.isArray(link) ? link : [link];
  const text = `${paragraphs.join('\n\n')}\n\n${links.map((l) => `${l.label}: ${l.href}`).join('\n')}\n\n— Slotted`;
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`).join('')}`;
  const attachments = attachIcs ? [calendarAttachment(bookingEvent(attachIcs.d, attachIcs.cancelled, attachIcs.now))] : undefined;
  return { to, subject, text, html, attachments };
}

/**
 * The booking's calendar event as e-mails carry it: one UID per booking for its whole life, its
 * SEQUENCE raised by every move and the cancellation, the provider as organizer and the client as
 * attendee, so calendar apps update the one event they have (docs/product-rules.md#e-mails-and-calendar-files).
 */
export function bookingEvent(d: AppointmentDetails, cancelled: boolean, now: Date): CalendarEvent {
  return {
    uid: `${d.appointment.id}@slotted`,
    title: d.service.name,
    providerName: d.provider.name,
    location: d.service.location,
    startsAt: d.appointment.startsAt.toISOString(),
    endsAt: d.appointment.endsAt.toISOString(),
    stamp: now.toISOString(),
    cancelled,
    sequence: d.appointment.icsSequence,
    organizer: { name: d.provider.name, email: d.provider.email },
    attendee: { name: d.client.name, email: d.client.email },
  };
}

export function calendarAttachment(event: CalendarEvent) {
  return {
    filename: calendarFileName(event.title),
    contentType: `text/calendar; charset=utf-8; method=${calendarMethod(event)}`,
    content: calendarFile(event),
  };
}

export function bookingConfirmedEmails(d: AppointmentDetails, appUrl: string, now: Date): MailMessage[] {
  const ics = { d, cancelled: false, now };
  return [
    message(
      d.client.email,
      `Booking confirmed: ${d.service.name}`,
      [
        `Hello ${d.client.name},`,
        `Your booking of ${d.service.name} with ${d.provider.name} is confirmed for ${when(d, d.client.timezone)}.`,
        ...(d.service.location ? [`Where: ${d.service.location}`] : []),
        'The calendar file is attached.',
      ],
      { href: `${appUrl}/appointments/${d.appointment.id}`, label: 'See your booking' },
      ics,
    ),
    message(
      d.provider.email,
      `New booking: ${d.client.name} — ${d.service.name}`,
      [`${d.client.name} (${d.client.email}) booked ${d.service.name} for ${when(d, d.provider.timezone)}.`],
      { href: `${appUrl}/schedule`, label: 'Open your schedule' },
      ics,
    ),
  ];
}

/**
 * The notice goes to the other side of whoever cancelled. `refund.byHand`: the card payment cannot
 * be refunded by card (no Stripe keys), so it is owed by the provider and neither side is told of
 * an automatic card refund (docs/product-rules.md#cancellation-and-refunds).
 */
export function bookingCancelledEmail(
  d: AppointmentDetails,
  byProvider: boolean,
  refund: { cents: number; byHand: boolean },
  appUrl: string,
  now: Date,
): MailMessage {
  const ics = { d, cancelled: true, now };
  const refundCents = refund.cents;
  const amount = euroText(refundCents / 100);
  if (byProvider) {
    return message(
      d.client.email,
      `Cancelled: ${d.service.name}`,
      [
        `Hello ${d.client.name},`,
        `${d.provider.name} cancelled ${d.service.name} on ${when(d, d.client.timezone)}.`,
        refundCents <= 0
          ? 'Nothing was charged for it.'
          : refund.byHand
            ? `${d.provider.name} owes you a refund of ${amount} for your card payment: it is not refunded to your card automatically, ${d.provider.name} gives it back to you by hand.`
            : `Your payment of ${amount} will be refunded in full.`,
      ],
      { href: `${appUrl}/${d.provider.username ?? ''}`, label: `Book another time with ${d.provider.name}` },
      ics,
    );
  }
  return message(
    d.provider.email,
    `Cancelled: ${d.client.name} — ${d.service.name}`,
    [
      `${d.client.name} cancelled ${d.service.name} on ${when(d, d.provider.timezone)}. The time is free to book again.`,
      ...(refundCents <= 0
        ? []
        : refund.byHand
          ? [
              `Their card payment of ${amount} cannot be refunded to the card automatically: give it back by hand, then mark it refunded in the booking.`,
            ]
          : [`Their card payment of ${amount} is refunded in full.`]),
    ],
    { href: `${appUrl}/schedule`, label: 'Open your schedule' },
    ics,
  );
}

/**
 * A booking moved to another time (docs/product-rules.md#moving-a-booking): both sides are told,
 * each with the calendar file that moves the event they already have.
 */
export function bookingMovedEmails(
  d: AppointmentDetails,
  before: { startsAt: Date; endsAt: Date },
  byProvider: boolean,
  appUrl: string,
  now: Date,
): MailMessage[] {
  const ics = { d, cancelled: false, now };
  const was = { ...d, appointment: { ...d.appointment, ...before } };
  const mover = byProvider ? d.provider.name : d.client.name;
  return [
    message(
      d.client.email,
      `Time changed: ${d.service.name}`,
      [
        `Hello ${d.client.name},`,
        `${byProvider ? `${mover} moved your booking` : 'Your booking'} of ${d.service.name} with ${d.provider.name} ${byProvider ? 'to' : 'is now on'} ${when(d, d.client.timezone)}.`,
        `It was on ${when(was, d.client.timezone)}.`,
        'The attached calendar file moves the event in your calendar.',
      ],
      { href: `${appUrl}/appointments/${d.appointment.id}`, label: 'See your booking' },
      ics,
    ),
    message(
      d.provider.email,
      `Time changed: ${d.client.name} — ${d.service.name}`,
      [
        `${byProvider ? 'You moved' : `${d.client.name} moved`} ${d.service.name} from ${when(was, d.provider.timezone)} to ${when(d, d.provider.timezone)}.`,
      ],
      { href: `${appUrl}/schedule`, label: 'Open your schedule' },
      ics,
    ),
  ];
}

/**
 * What cancelling now would give back, as the reminder says it: a card payment or membership
 * credit comes back only inside the refund window (docs/product-rules.md#cancellation-and-refunds).
 */
function cancellationNote(d: AppointmentDetails, policy: Policies, refundsByHand: boolean, now: Date): string {
  const a = d.appointment;
  const tz = d.client.timezone;
  const credit = a.paymentMethod === 'membership' && a.membershipId !== null;
  const card = a.paymentMethod === 'card' && a.paidAt !== null;
  if (!credit && !card) return 'If you cannot come, please cancel so that someone else can take the time.';
  const what = credit ? 'your membership credit' : `your payment of ${euroText(a.priceCents / 100)}`;
  if (!clientRefundable(a.startsAt, now, policy.min_hours_before_cancellation)) {
    return policy.min_hours_before_cancellation === 0
      ? `Cancelling does not give back ${what}.`
      : `Cancelling now no longer gives back ${what}: the refund window closed ${policy.min_hours_before_cancellation} hours before the start.`;
  }
  const until = at(new Date(a.startsAt.getTime() - policy.min_hours_before_cancellation * 3_600_000), tz);
  if (credit) return `Cancelling now still gives your membership credit back (until ${until}).`;
  return refundsByHand
    ? `Cancelling now still refunds ${what} (until ${until}): ${d.provider.name} gives it back to you by hand.`
    : `Cancelling now still refunds ${what} in full (until ${until}).`;
}

/** The reminder before a session (docs/product-rules.md#reminders), in the client's zone, with the calendar file. */
export function bookingReminderEmail(
  d: AppointmentDetails,
  policy: Policies,
  refundsByHand: boolean,
  appUrl: string,
  now: Date,
): MailMessage {
  const tz = d.client.timezone;
  const page = `${appUrl}/appointments/${d.appointment.id}`;
  return message(
    d.client.email,
    `Reminder: ${d.service.name} on ${at(d.appointment.startsAt, tz)}`,
    [
      `Hello ${d.client.name},`,
      `This is a reminder of your booking of ${d.service.name} with ${d.provider.name} on ${when(d, tz)}.`,
      ...(d.service.location ? [`Where: ${d.service.location}`] : []),
      cancellationNote(d, policy, refundsByHand, now),
      'The calendar file is attached.',
    ],
    [
      { href: page, label: 'See your booking' },
      { href: `${page}?cancel=1`, label: 'Cancel your booking' },
    ],
    { d, cancelled: false, now },
  );
}
