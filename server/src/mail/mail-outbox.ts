/**
 * The only way the app sends e-mail (docs/product-rules.md#e-mails-and-calendar-files). `queue`
 * writes the messages to the `mail_outbox` table in the transaction of the change they report — a
 * rolled-back change sends nothing — with one `mail.send` job each; the job sends through the
 * Mailer after the commit and is retried with backoff while the SMTP server is down or slow, so a
 * booking never waits for it.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox as outboxTable, type StoredAttachment } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { MailAttachment, MailMessage, Mailer } from './mailer.ts';

const SEND_JOB = 'mail.send';
/** With the backoff capped at 30 minutes, about two days of retries before a message is given up. */
const SEND_ATTEMPTS = 100;

export interface MailOutbox {
  /** Writes the messages in `tx`: they go out once it commits. */
  queue(tx: Db | Tx, messages: MailMessage[]): Promise<void>;
  /** Sends queued mail now rather than at the next poll: call after the transaction commits. */
  wake(): void;
}

function storeAttachment(a: MailAttachment): StoredAttachment {
  return typeof a.content === 'string'
    ? { filename: a.filename, contentType: a.contentType, content: a.content }
    : { filename: a.filename, contentType: a.contentType, content: a.content.toString('base64'), encoding: 'base64' };
}

function loadAttachment(a: StoredAttachment): MailAttachment {
  return {
    filename: a.filename,
    contentType: a.contentType,
    content: a.encoding === 'base64' ? Buffer.from(a.content, 'base64') : a.content,
  };
}

export function mailOutbox(deps: { db: Db; clock: Clock; mailer: Mailer; jobs: JobRunner }): MailOutbox {
  const { db, clock, mailer, jobs } = deps;

  jobs.register<{ id: number }>(SEND_JOB, async ({ id }) => {
    const [m] = await db
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.id, id), isNull(outboxTable.sentAt)))
      .limit(1);
    // Already sent: the job is being repeated after its process died before deleting it.
    if (!m) return;
    try {
      await mailer.send({ to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments.map(loadAttachment) });
    } catch (err) {
      await db
        .update(outboxTable)
        .set({ attempts: m.attempts + 1, lastError: err instanceof Error ? err.message : String(err) })
        .where(eq(outboxTable.id, id));
      throw err;
    }
    await db
      .update(outboxTable)
      .set({ sentAt: clock.now(), attempts: m.attempts + 1, lastError: null, text: '', html: '', attachments: [] })
      .where(eq(outboxTable.id, id));
  });

  return {
    async queue(tx, messages) {
      if (messages.length === 0) return;
      const now = clock.now();
      const rows = await tx
        .insert(outboxTable)
        .values(
          messages.map((m) => ({
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            attachments: (m.attachments ?? []).map(storeAttachment),
            createdAt: now,
          })),
        )
        .returning({ id: outboxTable.id });
      for (const { id } of rows) await jobs.enqueue(tx, SEND_JOB, { id }, { maxAttempts: SEND_ATTEMPTS });
    },
    wake: () => jobs.wake(),
  };
}

/** Housekeeping: the envelopes of mail sent before `sentBefore` are no longer kept. */
export async function deleteSentMail(db: Db, sentBefore: Date): Promise<void> {
  await db.delete(outboxTable).where(lte(outboxTable.sentAt, sentBefore));
}
