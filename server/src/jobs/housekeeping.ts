/**
 * The periodic clean-up (docs/architecture.md#background-jobs-and-e-mail): removes rows that can
 * never be used again, and expires stale holds so their class places come back even when nobody
 * books that provider meanwhile, and unconfirmed purchases of plans past their hold.
 */
import type { Db, Tx } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { deleteSentMail } from '../mail/mail-outbox.ts';
import { lockProvider } from '../db/provider-lock.ts';
import { expireStaleHolds, providersWithStaleHolds } from '../modules/appointments/index.ts';
import { deleteSpentMagicLinks } from '../modules/auth/index.ts';
import { expireStalePurchaseHolds } from '../modules/memberships/index.ts';
import { deleteExpiredSessions } from '../plugins/sessions.queries.ts';
import { deleteSpentAttempts } from '../modules/social/index.ts';
import { deleteStaleRateLimits } from '../plugins/rate-limit.ts';
import type { JobRunner } from './job-runner.ts';

export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
/** An expired link keeps answering "expired" for a day before it is forgotten. */
const EXPIRED_LINK_KEPT_MS = DAY_MS;
/** Envelopes of sent mail (to, subject, when) are kept this long for support questions. */
const SENT_MAIL_KEPT_MS = 30 * DAY_MS;

export function registerHousekeeping(
  jobs: JobRunner,
  deps: {
    db: Db;
    clock: Clock;
    rateLimitWindowMinutes: number;
    /** Class places given back by expired holds go to the occurrences' waitlists (docs/product-rules.md#waitlist). */
    placesFreed?(tx: Tx, slotIds: number[], cause: string): Promise<void>;
  },
): void {
  const { db, clock } = deps;
  jobs.register(
    'housekeeping',
    async () => {
      const now = clock.now();
      await deleteExpiredSessions(db, now);
      await deleteSpentMagicLinks(db, new Date(now.getTime() - EXPIRED_LINK_KEPT_MS));
      await deleteSpentAttempts(db, now);
      await deleteStaleRateLimits(db, deps.rateLimitWindowMinutes * 60_000, now);
      await deleteSentMail(db, new Date(now.getTime() - SENT_MAIL_KEPT_MS));
      // Under each provider's lock, as a booking would do it (docs/architecture.md, "Bookings").
      for (const providerId of await providersWithStaleHolds(db, now)) {
        await db.transaction(async (tx) => {
          await lockProvider(tx, providerId);
          const freed = await expireStaleHolds(tx, providerId, now);
          if (freed.length > 0) await deps.placesFreed?.(tx, freed, `expired:${now.getTime()}`);
        });
      }
      // A purchase hold takes no place or time: nothing to give back, so no lock.
      await expireStalePurchaseHolds(db, now);
    },
    { everyMs: HOUSEKEEPING_EVERY_MS },
  );
}
