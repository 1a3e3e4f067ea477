import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

export function magicLinkEmail(to: string, link: string, isNewUser: boolean, ttlMinutes: number): MailMessage {
  const action = isNewUser ? 'create your Slotted account' : 'sign in to Slotted';
  const subject = isNewUser ? 'Finish creating your Slotted account' : 'Your Slotted sign-in link';
  const text = `Hello,\n\nUse this link to ${action}:\n\n${link}\n\nThe link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.\n\n— Slotted`;
  const html = `<p>Hello,</p><p>Use this link to ${action}:</p><p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${isNewUser ? 'Create my account' : 'Sign in'}</a></p><p style="color:#6b7280">Or paste this address into your browser: ${escapeHtml(link)}</p><p style="color:#6b7280">The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.</p>`;
  return { to, subject, text, html };
}
