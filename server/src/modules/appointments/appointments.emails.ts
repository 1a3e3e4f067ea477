/**
 * E-mails about bookings (docs/product-rules.md#e-mails-and-calendar-files): confirmations with the
 * calendar file, and cancellation notices.
 */
import { calendarFile, calendarFileName, euroText } from '@slotted/contract';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';
import { localReading } from '../../domain/scheduling/local-reading.ts';
import type { AppointmentDetails } from './appointments.queries.ts';
import { prettyDate } from './appointments.presenter.ts';

function when(d: AppointmentDetails, timeZone: string): string {
  const a = d.appointment;
  return `${prettyDate(a.startsAt, timeZone)}, ${localReading(a.startsAt.getTime(), timeZone).time}–${localReading(a.endsAt.getTime(), timeZone).time} (${timeZone})`;
}

function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { href: string; label: string },
  attachIcs?: { d: AppointmentDetails; cancelled: boolean; now: Date },
): MailMessage {
  const text = `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}\n\n— Slotted`;
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  const attachments = attachIcs
    ? [
        {
          filename: calendarFileName(attachIcs.d.service.name),
          contentType: `text/calendar; charset=utf-8; method=${attachIcs.cancelled ? 'CANCEL' : 'PUBLISH'}`,
          content: calendarFile({
            uid: `${attachIcs.d.appointment.id}@slotted`,
            title: attachIcs.d.service.name,
            providerName: attachIcs.d.provider.name,
            location: attachIcs.d.service.location,
            startsAt: attachIcs.d.appointment.startsAt.toISOString(),
            endsAt: attachIcs.d.appointment.endsAt.toISOString(),
            stamp: attachIcs.now.toISOString(),
            cancelled: attachIcs.cancelled,
          }),
        },
      ]
    : undefined;
  return { to, subject, text, html, attachments };
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
