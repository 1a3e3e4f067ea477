import type { Tx } from '../../db/client.ts';

/**
 * What the waitlist is told by the modules that free or take class places. It sits in a file of
 * its own, with no imports from them, because the bookings module needs the type while the
 * waitlist needs the bookings (app.ts wires the two together).
 */
export interface BookingWaitlistHooks {
  /**
   * Places of these occurrences came free in `tx` (a cancellation, a hold given up or run out):
   * the waitlist offers them to the next in line once `tx` commits. `cause` makes the job's key
   * (one job per freeing event).
   */
  placesFreed(tx: Tx, slotIds: number[], cause: string): Promise<void>;
  /** Clients other than `clientId` wait without an offer: a free place of the occurrence is theirs first. */
  othersWaiting(tx: Tx, slotId: number, clientId: string): Promise<boolean>;
}

/**
 * Every hook: the bookings' (AppointmentsDeps.waitlist), the classes' (ClassesDeps.occurrencesCancelled)
 * and the policies' (AvailabilityDeps.noticeChanged).
 */
export interface WaitlistHooks extends BookingWaitlistHooks {
  /** The provider saved their booking notice in `tx`: their lines close at the new time. */
  noticeChanged(tx: Tx, providerId: string): Promise<void>;
  /** These occurrences were cancelled in `tx`: their lines end and the waiting clients are told. */
  occurrencesCancelled(tx: Tx, slotIds: number[]): Promise<void>;
}
