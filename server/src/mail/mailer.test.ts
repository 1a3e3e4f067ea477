import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smtpMailer } from './mailer.ts';
import { must } from '../../test/support/must.ts';

let server: SMTPServer;
const received: ParsedMail[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => {
        received.push(m);
        done();
      }, done);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('delivers through a real SMTP server, with attachments', async () => {
  const { port } = server.server.address() as AddressInfo;
  const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Slotted <no-reply@slotted.test>');
  await mailer.send({
    to: 'ana@example.com',
    subject: 'Your Slotted sign-in link',
    text: 'Use http://localhost:3000/magic-link/abc',
    html: '<a href="http://localhost:3000/magic-link/abc">Sign in</a>',
    attachments: [{ filename: 'Yoga.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' }],
  });
  await mailer.close();
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(must(mail, 'mail').from?.value[0]).toMatchObject({ name: 'Slotted', address: 'no-reply@slotted.test' });
  expect(must(mail, 'mail').subject).toBe('Your Slotted sign-in link');
  expect(must(mail, 'mail').text).toContain('/magic-link/abc');
  expect(must(mail, 'mail').attachments.map((a) => a.filename)).toEqual(['Yoga.ics']);
});
