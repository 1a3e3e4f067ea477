/**
 * E-mails about memberships (docs/product-rules.md#e-mails-and-calendar-files): a purchase confirmed,
 * a membership cancelled. Both go to the client and the provider (whose address the answer does
 * not carry, so the caller passes it).
 */
import { euroText, type Membership } from '@slotted/contract';
import type { MailMessage } from '../../mail/mailer.ts';
import { simpleMessage } from '../../mail/simple-message.ts';

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
