import type { MailMessage, Mailer } from './mailer.ts';

/**
 * Sends e-mails that follow a committed change. A mail failure is logged, never undoes the
 * change or fails the request: the booking stands whether or not the e-mail went out.
 */
export async function notify(mailer: Mailer, messages: MailMessage[], log: (err: unknown, message: MailMessage) => void): Promise<void> {
  await Promise.all(messages.map((m) => mailer.send(m).catch((err: unknown) => log(err, m))));
}
