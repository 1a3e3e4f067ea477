/**
 * E-mails about memberships (docs/product-rules.md#e-mails-and-calendar-files): a purchase confirmed,
 * a membership cancelled. Both go to the client and the provider (whose address the answer does
 * not carry, so the caller passes it).
 */
import { euroText, type Membership } from '@slotted/contract';
import type { MailMessage } from '../../mail/mailer.ts';
import { simpleMessage } from '../../mail/simple-message.ts';
import { localReading } from '../../domain/scheduling/local-reading.ts';
import type { ReleasedBooking } from './memberships.queries.ts';

/** What the membership gives and until when, as one sentence. */
function terms(m: Membership): string {
  if (m.renewal_day) return `It renews every month; the next period starts on ${m.renewal_day}.`;
  if (m.expiration_day) return `It is valid until ${m.expiration_day} (the first day without access).`;
  return '';
}

export function purchaseConfirmedEmails(m: Membership, providerEmail: string, appUrl: string): MailMessage[] {
  const price = `${euroText(m.price)}${m.interval === 'month' ? ' a month' : ''}`;
  return [
    simpleMessage(
      m.client.email,
      `Purchase confirmed: ${m.name}`,
      [
        `Hello ${m.client.name},`,
        `Your ${m.name} from ${m.provider.name} is confirmed. ${terms(m)}`.trim(),
        m.missing_payment ? `Please pay ${m.provider.name} ${price} in person on your next visit.` : `Paid: ${price}.`,
      ],
      { href: `${appUrl}/memberships`, label: 'See your memberships' },
    ),
    simpleMessage(
      providerEmail,
      `New membership: ${m.client.name} — ${m.name}`,
      [`${m.client.name} (${m.client.email}) bought ${m.name} (${price}).`, ...(m.missing_payment ? ['They will pay in person.'] : [])],
      { href: `${appUrl}/clients`, label: 'Open your clients' },
    ),
  ];
}

export function membershipCancelledEmails(m: Membership, providerEmail: string, appUrl: string): MailMessage[] {
  const until = m.expiration_day ? ` Its benefits last until ${m.expiration_day}.` : '';
  return [
    simpleMessage(
      m.client.email,
      `Membership cancelled: ${m.name}`,
      [`Hello ${m.client.name},`, `You cancelled your ${m.name} with ${m.provider.name}; it will not renew.${until}`],
      { href: `${appUrl}/memberships`, label: 'See your memberships' },
    ),
    simpleMessage(
      providerEmail,
      `Membership cancelled: ${m.client.name} — ${m.name}`,
      [`${m.client.name} (${m.client.email}) cancelled ${m.name} (${euroText(m.price)} a month); it will not renew.${until}`],
      { href: `${appUrl}/clients`, label: 'Open your clients' },
    ),
  ];
}

/** Why a membership no longer pays for some bookings. */
export type CreditsLostReason = 'cancelled' | 'ended';

/**
 * The client's bookings after the membership's last covered day lost their credit
 * (docs/product-rules.md#memberships-and-credits): each with its date in the client's zone and
 * the link to its page, to pay it another way or cancel it.
 */
export function creditsLostEmail(
  client: { name: string; email: string; timezone: string },
  m: { name: string; providerName: string; expirationDay: string | null },
  released: ReleasedBooking[],
  appUrl: string,
  reason: CreditsLostReason,
): MailMessage {
  const why =
    reason === 'cancelled'
      ? `Your ${m.name} with ${m.providerName} will not renew`
      : `Your ${m.name} with ${m.providerName} has ended because its renewal could not be paid`;
  const last = m.expirationDay ? `, so it does not cover sessions from ${m.expirationDay}` : '';
  const [first] = released;
  if (!first) throw new Error('This e-mail is sent only when bookings lost their credit');
  const zone = client.timezone;
  const lines = released.map((b) => {
    const start = localReading(b.startsAt.getTime(), zone);
    const until = localReading(b.endsAt.getTime(), zone).time;
    return `${b.serviceName}, ${prettyDay(b.startsAt, zone)}, ${start.time}–${until} (${zone}): ${appUrl}/appointments/${b.id}`;
  });
  return simpleMessage(
    client.email,
    `Bookings to pay: ${m.name}`,
    [
      `Hello ${client.name},`,
      `${why}${last}. These bookings are no longer paid by it: please pay for each another way, or cancel it, on its page.`,
      ...lines,
    ],
    { href: `${appUrl}/appointments/${first.id}`, label: 'Open the first booking' },
  );
}

function prettyDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(at);
}

/** A renewal Stripe could not charge: the client is asked to update their card (the invoice's page). */
export function renewalFailedEmail(
  client: { name: string; email: string },
  m: { name: string; providerName: string },
  href: string,
): MailMessage {
  return simpleMessage(
    client.email,
    `Payment failed: ${m.name}`,
    [
      `Hello ${client.name},`,
      `We could not charge the renewal of your ${m.name} with ${m.providerName}. Until it is paid, its sessions of the new period cannot be booked with it.`,
      'Please update your card to pay it; if the payment keeps failing, the membership ends.',
    ],
    { href, label: 'Update your card' },
  );
}
