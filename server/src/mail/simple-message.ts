/**
 * An e-mail of a few paragraphs and one link, as plain text and HTML
 * (docs/product-rules.md#e-mails-and-calendar-files).
 */
import type { MailMessage } from './mailer.ts';

/** Text made safe to place in HTML: every e-mail and the dev outbox page escape with this. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function simpleMessage(to: string, subject: string, paragraphs: string[], link: { href: string; label: string }): MailMessage {
  const text = `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}\n\n— Slotted`;
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  return { to, subject, text, html };
}
