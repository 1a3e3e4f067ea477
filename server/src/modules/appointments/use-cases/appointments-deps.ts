import type { Db, Tx } from '../../../db/client.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { MailOutbox } from '../../../mail/mail-outbox.ts';
import type { availabilityService } from '../../availability/index.ts';
import type { classesService } from '../../classes/index.ts';
import type { CardPayments } from '../../payments/index.ts';
import type { ProviderInputs } from '../../slots/index.ts';
import type { BookingWaitlistHooks } from '../../waitlist/index.ts';

/** What every booking use case is given (the composition root builds it once). */
export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
  mail: MailOutbox;
  /** Background jobs: the reminders' sweep and sends (reminders.ts). */
  jobs: JobRunner;
  appUrl: string;
  availability: ReturnType<typeof availabilityService>;
  classes: ReturnType<typeof classesService>;
  /** The provider's part of a booking's inputs, kept per process and shared with the slots listing. */
  inputs: ProviderInputs;
  /** Card payments, or null when this installation has no Stripe keys (docs/product-rules.md#payments). */
  payments: CardPayments | null;
  /**
   * Told in the transaction of every change to a booking (confirmed, moved, cancelled), so the
   * provider's connected calendar follows it (docs/product-rules.md#calendar-connections); a class
   * booking moved to another occurrence names the one it left, whose places taken changed too.
   */
  calendar?: {
    bookingChanged(
      tx: Tx,
      appointment: { id: string; providerId: string; slotId: number | null },
      movedFromSlotId?: number | null,
    ): Promise<void>;
  };
  /** `POST /api/appointments` per signed-in user and per client address, in a window of minutes. */
  bookingLimits: { perUser: number; perIp: number; windowMinutes: number };
  /**
   * The waitlist's side of class places (docs/product-rules.md#waitlist), wired in app.ts (the
   * waitlist module needs the bookings, so the service is passed in; only its type is imported).
   */
  waitlist?: BookingWaitlistHooks;
}
