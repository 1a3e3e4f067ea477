/**
 * The one hold-limit rule of booking holds and purchase holds (docs/product-rules.md#holds): one
 * client cannot hold everything a provider offers, so at most MAX_LIVE_HOLDS_PER_PROVIDER live
 * holds (bookings, or purchases) with one provider. It lives here, exported through index.ts,
 * because the appointments module already imports this one (never the other way round).
 */
import { MAX_LIVE_HOLDS_PER_PROVIDER } from '@slotted/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { minutesText } from '../../plugins/rate-limit.ts';

/** A table of holds: `appointments` or `memberships`, each row held until `holdExpiresAt`. */
export type HoldTable = PgTable & { clientId: PgColumn; providerId: PgColumn; status: PgColumn; holdExpiresAt: PgColumn };

/** The client's live holds with the provider: how many, and when the first of them runs out. */
async function liveHoldsWith(tx: Tx, holds: HoldTable, clientId: string, providerId: string, now: Date) {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      firstExpiresAt: sql<Date | null>`min(${holds.holdExpiresAt})`.mapWith(holds.holdExpiresAt),
    })
    .from(holds)
    .where(and(eq(holds.clientId, clientId), eq(holds.providerId, providerId), eq(holds.status, 'held'), gt(holds.holdExpiresAt, now)));
  return { count: Number(row?.count ?? 0), firstExpiresAt: (row?.firstExpiresAt as Date | null | undefined) ?? null };
}

/**
 * Refuses a new hold (`too_many_holds`, with the seconds until the first live one is released)
 * when the client already has MAX_LIVE_HOLDS_PER_PROVIDER live holds in `holds` with the provider.
 * `what` names them in the message: 'bookings' or 'purchases'.
 */
export async function checkHoldLimit(
  tx: Tx,
  holds: HoldTable,
  clientId: string,
  provider: { id: string; name: string },
  now: Date,
  what: 'bookings' | 'purchases',
): Promise<void> {
  const live = await liveHoldsWith(tx, holds, clientId, provider.id, now);
  if (live.count < MAX_LIVE_HOLDS_PER_PROVIDER) return;
  const wait = Math.max(1, Math.ceil(((live.firstExpiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
  throw new AppError(
    'too_many_holds',
    `You already have ${live.count} unconfirmed ${what} with ${provider.name}. Confirm one of them, or try again in ${minutesText(wait)} when the first is released.`,
    { retryAfterSeconds: wait },
  );
}
