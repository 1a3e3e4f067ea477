/**
 * A development-outbox e-mail as the terminal prints it: framed, its links on lines of their own
 * (never wrapped, so a terminal can open them) and bold when the terminal shows colour, so the
 * sign-in link stands out among the log lines.
 */
import type { MailMessage } from './mailer.ts';

const WIDTH = 72;

function wrap(line: string): string[] {
  if (line.length <= WIDTH || /^https?:\/\/\S+$/.test(line)) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > WIDTH) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  return out;
}

export function mailBox(m: Pick<MailMessage, 'to' | 'subject' | 'text'>, color: boolean): string {
  const lines = [`To: ${m.to}`, `Subject: ${m.subject}`, '', ...m.text.split('\n').flatMap(wrap)];
  const width = Math.max(...lines.map((l) => l.length));
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const frame = (s: string) => paint('36', s); // cyan
  const body = lines.map((l) => {
    const padded = l.padEnd(width);
    return `${frame('│')} ${/^https?:\/\//.test(l) ? paint('1;4', padded) : padded} ${frame('│')}`;
  });
  const title = ' E-mail (not sent: no SMTP_URL) ';
  const top = `┌─${title}${'─'.repeat(Math.max(0, width - title.length))}─┐`;
  return [frame(top), ...body, frame(`└${'─'.repeat(width + 2)}┘`)].join('\n');
}
