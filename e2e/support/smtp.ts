/** A real SMTP server on loopback that keeps what it receives, parsed. */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Inbox {
  url: string;
  messages: ParsedMail[];
  /** Waits for the next e-mail to `to` (with a subject matching `subject`, if given) that arrives after `since` messages. */
  waitFor(to: string, opts?: { since?: number; timeoutMs?: number; subject?: RegExp }): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => {
        messages.push(m);
        done();
      }, done);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      for (;;) {
        const found = messages
          .slice(opts.since ?? 0)
          .find((m) => m.to && JSON.stringify(m.to).includes(to) && (!opts.subject || opts.subject.test(m.subject ?? '')));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
