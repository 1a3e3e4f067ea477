/**
 * A real SMTP server (`smtp-server`) on loopback that keeps what it receives, parsed. It can be
 * started on a given port (to come back where the app expects it) and can refuse messages with a
 * temporary failure, as a busy mail server does.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpInbox {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** Answers the next `n` messages with "451 try again later". */
  refuseNext(n: number): void;
  /** Resolves once `count` messages have arrived. */
  received(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on('end', () => done(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then((m) => {
        messages.push(m);
        for (const w of waiting.filter((x) => messages.length >= x.count)) w.resolve();
        done();
      }, done);
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    refuseNext(n) {
      refusals = n;
    },
    received(count) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve) => waiting.push({ count, resolve: () => resolve(messages) }));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
