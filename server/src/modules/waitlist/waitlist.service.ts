/**
 * The waitlist of full class occurrences (docs/product-rules.md#waitlist).
 *
 * Exactly one offer per freed place, whatever the number of processes: an offer is an ordinary
 * held booking (appointments.offer_place), so it takes its place through the conditional update
 * of `slots.seats_taken` and its CHECK (≤ capacity), and the unique "one active place per client
 * per occurrence" — capacity stays enforced by the database. Every event that frees a place (a
 * cancellation, a hold given up or expired, a booking moved away, an offer declined) enqueues, in
 * its own transaction, a durable `waitlist.fill` job keyed by the occurrence and the event, so the
 * same event never makes two jobs; an offer's lapse and the close of the booking notice are the
 * same job at a later `run_at`. The job (`fill`) is idempotent: in one transaction under the
 * provider's lock — the lock every booking of the provider takes — it tidies the line (offers
 * confirmed → booked, offers run out or given up → lapsed, their places given back), then hands
 * out as many offers as there are free places to the next entries without one. Two jobs for one
 * occurrence (two processes, two events) therefore run one after the other, and the second finds
 * the places the first offered taken.
 */
import { WAITLIST_OFFER_MINUTES, type SlotWaitlistEntry, type WaitlistEntry, type WaitlistPlace } from '@slotted/contract';
import type { Db, Tx } from '../../db/client.ts';
import { lockProvider } from '../../db/provider-lock.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import type { availabilityService } from '../availability/index.ts';
import { imageUrl } from '../images/index.ts';
import type { UserRow } from '../users/index.ts';
import { noPlaceEmail, offerEmail } from './waitlist.emails.ts';
import type { WaitlistHooks } from './waitlist-hooks.ts';
import {
  anyoneWaiting,
  countInLine,
  entriesOfClient,
  findSlotWithService,
  hasPlace,
  insertEntry,
  lineOf,
  lineWithClients,
  occurrencesWithLines,
  othersWaiting,
  positionsOf,
  setEntries,
  waitingEntryOf,
  waitingOf,
} from './waitlist.queries.ts';

export const FILL_JOB = 'waitlist.fill';
const HOUR_MS = 3_600_000;

/**
 * What the waitlist uses of the bookings module: its facade's methods, passed in by app.ts (named
 * here, not imported, so the modules' imports do not go round: bookings → slots → waitlist).
 */
export interface WaitlistBookings {
  offerPlace(
    tx: Tx,
    p: {
      clientId: string;
      providerId: string;
      serviceId: number;
      priceCents: number;
      slot: { id: number; startsAt: Date; endsAt: Date };
      expiresAt: Date;
      autoBook: boolean;
    },
    now: Date,
  ): Promise<{ id: string; booked: boolean } | null>;
  expireHold(tx: Tx, id: string, now: Date): Promise<boolean>;
  expireStaleHoldsIn(tx: Tx, providerId: string, slotId: number, now: Date): Promise<number>;
}

export interface WaitlistDeps {
  db: Db;
  clock: Clock;
  mail: MailOutbox;
  jobs: JobRunner;
  appUrl: string;
  availability: ReturnType<typeof availabilityService>;
  appointments: WaitlistBookings;
}

const classNotFound = () => new AppError('not_found', 'Class not found.');
const refused = (message: string) => new AppError('conflict', message);

/** When booking closes for an occurrence: its start less the provider's booking notice. */
function noticeCloses(startsAt: Date, minHoursBeforeBooking: number): Date {
  return new Date(startsAt.getTime() - minHoursBeforeBooking * HOUR_MS);
}

/** An offer lives WAITLIST_OFFER_MINUTES, or until booking closes if that is sooner. */
export function offerExpiry(now: Date, closesAt: Date): Date {
  const full = addMinutes(now, WAITLIST_OFFER_MINUTES);
  return full.getTime() < closesAt.getTime() ? full : closesAt;
}

export function waitlistService(deps: WaitlistDeps) {
  const { db, clock, mail, jobs, appUrl, availability, appointments } = deps;

  async function enqueueFill(tx: Db | Tx, slotId: number, key: string, runAt?: Date): Promise<void> {
    await jobs.enqueue(tx, FILL_JOB, { slotId }, { key: `${FILL_JOB}:${slotId}:${key}`, runAt });
  }

  /** The job: tidies the occurrence's line and offers its free places to the next in line. */
  async function fill(slotId: number): Promise<void> {
    // Read before the transaction (PGlite: one connection); the slot is read again under the lock.
    const found = await findSlotWithService(db, slotId);
    if (!found) return;
    const providerId = found.slot.providerId;
    const policy = await availability.policy(providerId);
    await db.transaction(async (tx) => {
      await lockProvider(tx, providerId);
      const now = clock.now();
      const current = await findSlotWithService(tx, slotId);
      if (!current) return;
      const { slot, service } = current;
      const messages: MailMessage[] = [];

      const waiting: Awaited<ReturnType<typeof lineOf>> = [];
      const booked: number[] = [];
      const lapsed: number[] = [];
      for (const l of await lineOf(tx, slotId)) {
        const offerId = l.entry.offerId;
        if (offerId === null) waiting.push(l);
        else if (l.offerStatus === 'confirmed') booked.push(l.entry.id);
        else if (l.offerStatus === 'held' && l.offerExpiresAt && l.offerExpiresAt.getTime() > now.getTime()) continue;
        else {
          // Run out, given up or cancelled: the place goes back (if still held) and on down the line.
          if (l.offerStatus === 'held') await appointments.expireHold(tx, offerId, now);
          lapsed.push(l.entry.id);
        }
      }
      await setEntries(tx, booked, { status: 'booked', updatedAt: now });
      await setEntries(tx, lapsed, { status: 'lapsed', updatedAt: now });

      // A cancelled occurrence's line was closed (and told) by the cancellation.
      if (slot.cancelledAt) return;
      const closesAt = noticeCloses(slot.startsAt, policy.min_hours_before_booking);
      if (now.getTime() >= closesAt.getTime()) {
        await setEntries(
          tx,
          waiting.map((l) => l.entry.id),
          { status: 'closed', updatedAt: now },
        );
        await mail.queue(
          tx,
          waiting.map((l) => noPlaceEmail({ client: l.client, className: service.name, startsAt: slot.startsAt }, false, appUrl)),
        );
        return;
      }

      // Whoever is still waiting is told when booking closes: a job at the close the current notice
      // gives (keyed by that time, so a changed notice adds the job of its own close).
      if (waiting.length > 0) await enqueueFill(tx, slotId, `close:${closesAt.getTime()}`, closesAt);

      // Holds past their expiry still count in seats_taken: they hold places nobody has.
      await appointments.expireStaleHoldsIn(tx, providerId, slotId, now);
      const fresh = await findSlotWithService(tx, slotId);
      let free = fresh ? fresh.slot.capacity - fresh.slot.seatsTaken : 0;
      for (const l of waiting) {
        if (free <= 0) break;
        if (await hasPlace(tx, slotId, l.entry.clientId, now)) {
          // Booked directly meanwhile: nothing to wait for.
          await setEntries(tx, [l.entry.id], { status: 'booked', updatedAt: now });
          continue;
        }
        const expiresAt = offerExpiry(now, closesAt);
        const offer = await appointments.offerPlace(
          tx,
          {
            clientId: l.entry.clientId,
            providerId,
            serviceId: service.id,
            priceCents: service.priceCents,
            slot,
            expiresAt,
            autoBook: l.entry.autoBook,
          },
          now,
        );
        // The database found no free place after all: the next fill hands it out.
        if (!offer) break;
        free--;
        await setEntries(tx, [l.entry.id], {
          offerId: offer.id,
          offeredAt: now,
          status: offer.booked ? 'booked' : 'waiting',
          updatedAt: now,
        });
        // An auto-booked client got the booking's confirmation e-mail (with its calendar file) instead.
        if (offer.booked) continue;
        messages.push(offerEmail({ client: l.client, className: service.name, startsAt: slot.startsAt }, offer.id, expiresAt, appUrl));
        // When the offer lapses, the same job runs again and passes the place on.
        await enqueueFill(tx, slotId, `lapse:${offer.id}`, expiresAt);
      }
      await mail.queue(tx, messages);
    });
    mail.wake();
  }

  jobs.register<{ slotId: number }>(FILL_JOB, ({ slotId }) => fill(slotId));

  const hooks: WaitlistHooks = {
    async placesFreed(tx, slotIds, cause) {
      for (const slotId of new Set(slotIds)) {
        if (await anyoneWaiting(tx, slotId)) await enqueueFill(tx, slotId, cause);
      }
    },
    othersWaiting: (tx, slotId, clientId) => othersWaiting(tx, slotId, clientId),
    /**
     * The provider saved a booking notice: each line they have runs its job now, which closes it
     * if booking has closed under the new notice, or else plans the close at the new time.
     */
    async noticeChanged(tx, providerId) {
      const now = clock.now();
      for (const slotId of await occurrencesWithLines(tx, providerId, now)) await enqueueFill(tx, slotId, `notice:${now.getTime()}`);
    },
    /** A class cancellation: everyone still waiting is told, in its transaction. */
    async occurrencesCancelled(tx, slotIds) {
      const now = clock.now();
      const rows = await waitingOf(tx, slotIds);
      await setEntries(
        tx,
        rows.map((r) => r.entry.id),
        { status: 'cancelled', updatedAt: now },
      );
      // Those holding an offer lost it with the class's bookings; all are told the class is off.
      await mail.queue(
        tx,
        rows.map((r) => noPlaceEmail({ client: r.client, className: r.service.name, startsAt: r.slot.startsAt }, true, appUrl)),
      );
    },
  };

  return {
    hooks,
    fill,

    /** POST /api/slots/{id}/waitlist */
    async join(viewer: UserRow, slotId: number, autoBook: boolean): Promise<WaitlistPlace> {
      const found = await findSlotWithService(db, slotId);
      if (!found || found.service.type !== 'class') throw classNotFound();
      const providerId = found.slot.providerId;
      if (providerId === viewer.id) throw refused('You cannot join the waitlist of your own class.');
      const policy = await availability.policy(providerId);
      try {
        return await db.transaction(async (tx) => {
          // Under the provider's lock, like every booking: the line's length and the places are checked at once.
          await lockProvider(tx, providerId);
          const now = clock.now();
          const current = await findSlotWithService(tx, slotId);
          if (!current) throw classNotFound();
          const { slot, service } = current;
          const closesAt = noticeCloses(slot.startsAt, policy.min_hours_before_booking);
          if (slot.cancelledAt) throw refused('This class is cancelled.');
          if (slot.startsAt.getTime() <= now.getTime()) throw refused('This class has already started.');
          if (now.getTime() >= closesAt.getTime()) throw refused('Booking for this class has closed.');
          if (service.waitlistSize === 0) throw refused('This class has no waitlist.');
          if (await hasPlace(tx, slotId, viewer.id, now)) throw refused('You already have a place in this class.');
          if (await waitingEntryOf(tx, slotId, viewer.id)) throw refused('You are already on the waitlist of this class.');
          if (slot.seatsTaken < slot.capacity) throw refused('This class has free places: book one instead.');
          const inLine = await countInLine(tx, slotId);
          if (inLine >= service.waitlistSize) throw refused('The waitlist of this class is full.');
          await insertEntry(tx, { slotId, clientId: viewer.id, autoBook, status: 'waiting', createdAt: now, updatedAt: now });
          // When booking closes, whoever is still waiting is told (the same job, keyed once per occurrence and close).
          await enqueueFill(tx, slotId, `close:${closesAt.getTime()}`, closesAt);
          return { slot_id: slotId, position: inLine + 1, auto_book: autoBook };
        });
      } catch (err) {
        if (isUniqueViolation(err, 'waitlist_one_per_client_slot')) throw refused('You are already on the waitlist of this class.');
        throw err;
      }
    },

    /** DELETE /api/slots/{id}/waitlist: leaves the line; a pending offer is given up and passed on. */
    async leave(viewer: UserRow, slotId: number): Promise<void> {
      const found = await findSlotWithService(db, slotId);
      if (!found) throw classNotFound();
      await db.transaction(async (tx) => {
        await lockProvider(tx, found.slot.providerId);
        const now = clock.now();
        const entry = await waitingEntryOf(tx, slotId, viewer.id);
        if (!entry) throw new AppError('not_found', 'You are not on the waitlist of this class.');
        await setEntries(tx, [entry.id], { status: 'left', updatedAt: now });
        if (entry.offerId !== null && (await appointments.expireHold(tx, entry.offerId, now))) {
          await hooks.placesFreed(tx, [slotId], `left:${entry.id}`);
        }
      });
    },

    /** GET /api/waitlist: the client's places in line. */
    async mine(viewer: UserRow): Promise<WaitlistEntry[]> {
      const now = clock.now();
      const rows = await entriesOfClient(db, viewer.id, now);
      const positions = await positionsOf(
        db,
        rows.map((r) => r.entry.id),
      );
      return rows.map((r) => ({
        slot_id: r.slot.id,
        position: positions.get(r.entry.id) ?? 0,
        auto_book: r.entry.autoBook,
        service: r.service,
        provider: r.provider,
        starts_at: r.slot.startsAt.toISOString(),
        ends_at: r.slot.endsAt.toISOString(),
        offer:
          r.entry.offerId !== null && r.offerStatus === 'held' && r.offerExpiresAt && r.offerExpiresAt.getTime() > now.getTime()
            ? { appointment_id: r.entry.offerId, expires_at: r.offerExpiresAt.toISOString() }
            : null,
      }));
    },

    /** GET /api/slots/{id}/waitlist: the provider's view of one occurrence's line. */
    async forSlot(provider: UserRow, slotId: number): Promise<SlotWaitlistEntry[]> {
      const found = await findSlotWithService(db, slotId);
      // Another provider's class is answered like a missing one.
      if (!found || found.slot.providerId !== provider.id) throw classNotFound();
      const now = clock.now();
      return (await lineWithClients(db, slotId)).map((r, i) => ({
        position: i + 1,
        client: { id: r.client.id, name: r.client.name, avatar: imageUrl(r.client.avatarImageId) },
        auto_book: r.entry.autoBook,
        joined_at: r.entry.createdAt.toISOString(),
        offer_expires_at:
          r.offerStatus === 'held' && r.offerExpiresAt && r.offerExpiresAt.getTime() > now.getTime()
            ? r.offerExpiresAt.toISOString()
            : null,
      }));
    },
  };
}
