/**
 * Outgoing e-mail. With SMTP_URL, real SMTP through nodemailer. Without it (never in
 * production), a development outbox: printed to the console (and listed at /dev/outbox with
 * DEV_OUTBOX=true), so a newcomer can sign in with nothing but `npm start`.
 */
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface SentMail extends MailMessage {
  id: number;
  sentAt: Date;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // A hanging server must fail the send well within the job lease (jobs/job-runner.ts), so a
  // retry never overlaps a send still in progress; nodemailer's own socket timeout is 10 minutes.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
    },
    async close() {
      transport.close();
    },
  };
}

export interface DevOutbox extends Mailer {
  list(): readonly SentMail[];
}

/** `print` shows each message where the developer looks (main.ts: the terminal, framed by mail-box.ts). */
export function devOutboxMailer(print: (message: MailMessage) => void, keep = 50): DevOutbox {
  const sent: SentMail[] = [];
  let next = 1;
  return {
    async send(m) {
      sent.unshift({ ...m, id: next++, sentAt: new Date() });
      sent.length = Math.min(sent.length, keep);
      print(m);
    },
    async close() {},
    list: () => sent,
  };
}
