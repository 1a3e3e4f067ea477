/**
 * Reminder e-mails before sessions (docs/product-rules.md#reminders, D16): exactly one per
 * confirmed booking and start time, however many app processes run.
 *
 * Why a sweep rather than one job per booking scheduled at its reminder time: the reminder time
 * depends on the provider's policy as it is when the time comes (a change applies to reminders not
 * yet sent), on the booking's current start (a moved booking is reminded of its new time) and on
 * the client's choice, so a job fixed at booking time would have to be found and moved on every
 * such change. Instead `reminders.sweep`, a periodic job (one row, so N processes never multiply
 * it), asks every minute which bookings are due by the rule in reminders.queries.ts and enqueues
 * one `reminders.send` job each, keyed by booking id + start: two sweeps that overlap (two
 * processes, or a sweep repeated after a crash) add one job. The send job runs on its own, so one
 * booking that fails is retried without holding up the others; it re-reads the booking and, in one
 * transaction, claims the reminder (a conditional UPDATE that sets `reminded_starts_at` only while
 * the booking is still due one for that start) and queues the e-mail in the outbox. The claim is
 * what makes it exactly once: a job repeated after its process died, a second job for the same
 * booking after the first was deleted, or a cancellation at the same moment finds the row no
 * longer due. A process that was down runs the sweep when it comes back, so a missed reminder goes
 * out late, but only while the session has not started (the rule's `starts_at > now`).
 */
import type { AppointmentsDeps } from './use-cases/appointments-deps.ts';
import { bookingReminderEmail } from './appointments.emails.ts';
import { claimReminder, dueReminders, reminderProvider } from './reminders.queries.ts';
import { loadAppointment } from './use-cases/load-appointment.ts';
import { refundsByHand } from './use-cases/refund-card-payments.ts';

export const REMINDER_SWEEP = 'reminders.sweep';
export const REMINDER_SEND = 'reminders.send';
export const REMINDER_SWEEP_EVERY_MS = 60_000;
/** Bookings enqueued per sweep; more wait for the next minute's (their jobs run first). */
const SWEEP_BATCH = 500;

interface ReminderJob {
  id: string;
  /** The start the reminder is for (ISO): a booking moved since is not reminded of its old time. */
  starts_at: string;
}

export const reminderKey = (id: string, startsAt: Date) => `reminder:${id}:${startsAt.toISOString()}`;

export function registerReminders(deps: AppointmentsDeps): void {
  const { db, clock, jobs } = deps;

  jobs.register(
    REMINDER_SWEEP,
    async () => {
      const due = await dueReminders(db, clock.now(), SWEEP_BATCH);
      if (due.length === 0) return;
      await db.transaction(async (tx) => {
        for (const r of due) {
          const payload: ReminderJob = { id: r.id, starts_at: r.startsAt.toISOString() };
          await jobs.enqueue(tx, REMINDER_SEND, payload, { key: reminderKey(r.id, r.startsAt) });
        }
      });
    },
    { everyMs: REMINDER_SWEEP_EVERY_MS },
  );

  jobs.register<ReminderJob>(REMINDER_SEND, async ({ id, starts_at }) => {
    const now = clock.now();
    // Read before the transaction: on PGlite a query outside `tx` waits for it to end.
    const providerId = await reminderProvider(db, id);
    if (providerId === null) return;
    const policy = await deps.availability.policy(providerId);
    await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, id, new Date(starts_at), now))) return;
      const d = await loadAppointment(tx, id);
      await deps.mail.queue(tx, [bookingReminderEmail(d, policy, refundsByHand(deps), deps.appUrl, now)]);
    });
  });
}
