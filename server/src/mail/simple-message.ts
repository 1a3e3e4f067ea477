/**
 * An e-mail of a few paragraphs and one link, as plain text and HTML
 * (docs/product-rules.md#e-mails-and-calendar-files).
 */
import { escapeHtml } from '../lib/html.ts';
import type { MailMessage } from './mailer.ts';

export function simpleMessage(to: string, subject: string, paragraphs: string[], link: { href: string; label: string }): MailMessage {
  const text = `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}\n\n— Slotted`;
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  return { to, subject, text, html };
}
