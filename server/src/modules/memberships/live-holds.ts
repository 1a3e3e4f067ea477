/**
 * The hold rules booking holds and purchase holds share (docs/product-rules.md#holds): attempts
 * are rate limited per client and per address, and one client cannot hold everything a provider
 * offers, so at most MAX_LIVE_HOLDS_PER_PROVIDER live holds (bookings, or purchases) with one
 * provider. They live here, exported through index.ts, because the appointments module already
 * imports this one (never the other way round).
 */
import { MAX_LIVE_HOLDS_PER_PROVIDER } from '@slotted/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/app-error.ts';
import type { Db, Tx } from '../../db/client.ts';
import { enforceRateLimits, minutesText } from '../../plugins/rate-limit.ts';

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

/** BOOKING_LIMIT_PER_USER and BOOKING_LIMIT_PER_IP attempts per window, for holds of either kind. */
export interface HoldAttemptLimits {
  perUser: number;
  perIp: number;
  windowMinutes: number;
}

/**
 * Counts an attempt to hold (`'booking'` or `'purchase'`) by the client and by the address, and
 * refuses it (`rate_limited`) past either limit. Each kind has its own counters.
 */
export async function limitHoldAttempts(
  db: Db,
  limits: HoldAttemptLimits,
  kind: 'booking' | 'purchase',
  clientId: string,
  ip: string,
  now: Date,
): Promise<void> {
  await enforceRateLimits(
    db,
    [
      { key: `${kind}:ip:${ip}`, limit: limits.perIp },
      { key: `${kind}:user:${clientId}`, limit: limits.perUser },
    ],
    limits.windowMinutes * 60_000,
    now,
    `${kind} attempts`,
  );
}
