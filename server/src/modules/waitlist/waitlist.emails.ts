/** E-mails of the waitlist (docs/product-rules.md#waitlist): a place offered, and no place came free. */
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export interface WaitlistMailFacts {
  client: { name: string; email: string; timezone: string };
  className: string;
  startsAt: Date;
}

function when(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

function message(to: string, subject: string, paragraphs: string[], link: { href: string; label: string }): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}\n\n— Slotted`,
    html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
  };
}

/** A place came free and is held for the client: the link opens the checkout of that held booking. */
export function offerEmail(f: WaitlistMailFacts, appointmentId: string, expiresAt: Date, appUrl: string): MailMessage {
  const tz = f.client.timezone;
  return message(
    f.client.email,
    `A place came free: ${f.className}`,
    [
      `Hi ${f.client.name},`,
      `A place came free in ${f.className} on ${when(f.startsAt, tz)}, and you are next on the waitlist.`,
      `We are holding it for you until ${when(expiresAt, tz)}. After that it goes to the next person in line.`,
    ],
    { href: `${appUrl}/appointments/${appointmentId}`, label: 'Confirm your place' },
  );
}

/** The booking notice closed (or the class was cancelled) while the client was still waiting. */
export function noPlaceEmail(f: WaitlistMailFacts, cancelled: boolean, appUrl: string): MailMessage {
  const tz = f.client.timezone;
  return message(
    f.client.email,
    cancelled ? `Class cancelled: ${f.className}` : `No place came free: ${f.className}`,
    [
      `Hi ${f.client.name},`,
      cancelled
        ? `${f.className} on ${when(f.startsAt, tz)} has been cancelled, so its waitlist is closed.`
        : `Booking for ${f.className} on ${when(f.startsAt, tz)} has closed and no place came free for you on the waitlist.`,
    ],
    { href: `${appUrl}/schedule`, label: 'Open your schedule' },
  );
}
