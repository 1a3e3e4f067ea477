/**
 * Private calendar feeds (docs/product-rules.md#calendar-feeds): every confirmed booking and class
 * occurrence of a person as an iCalendar subscription any calendar app can read. Bookings carry the
 * UID and SEQUENCE of the e-mailed files, so an app that has both shows one event.
 */
import { calendarFeed, type CalendarEvent } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmac, randomToken, sha256 } from '../../lib/tokens.ts';
import type { UserRow } from '../users/index.ts';
import { confirmedBookingsOf, findFeed, findFeedByTokenHash, occurrencesOf, saveFeed } from './calendar-feeds.queries.ts';

const DAY_MS = 86_400_000;
/** How far back a feed reaches: the last month, for looking back at what happened. */
const DAYS_BACK = 30;
/** How far ahead: every booking and occurrence that can exist (the longest booking horizon allowed). */
const DAYS_AHEAD = 366;
/** SEQUENCE of an occurrence: seconds since this epoch of its last change, so it rises with every change. */
const SEQUENCE_EPOCH_MS = Date.UTC(2026, 0, 1);

export interface FeedAddress {
  https: string;
  webcal: string;
}

export function calendarFeedsService(deps: { db: Db; clock: Clock; appUrl: string; secret: string }) {
  const { db, clock, appUrl } = deps;
  const tokenOf = (nonce: string) => hmac(deps.secret, `calendar-feed:${nonce}`);
  const addressOf = (token: string): FeedAddress => {
    const https = `${appUrl}/feeds/${token}.ics`;
    return { https, webcal: https.replace(/^https?:/, 'webcal:') };
  };

  return {
    async address(user: UserRow): Promise<FeedAddress | null> {
      const feed = await findFeed(db, user.id);
      return feed ? addressOf(tokenOf(feed.nonce)) : null;
    },

    /** A new address: the first, or one that replaces the old, which stops answering at once. */
    async newAddress(user: UserRow): Promise<FeedAddress> {
      const nonce = randomToken();
      const token = tokenOf(nonce);
      await saveFeed(db, { userId: user.id, nonce, tokenHash: sha256(token), createdAt: clock.now() });
      return addressOf(token);
    },

    /** The feed's file for a token, or null when no feed has it. */
    async file(token: string): Promise<string | null> {
      const user = await findFeedByTokenHash(db, sha256(token));
      if (!user) return null;
      const now = clock.now().getTime();
      const from = new Date(now - DAYS_BACK * DAY_MS);
      const to = new Date(now + DAYS_AHEAD * DAY_MS);
      const events: CalendarEvent[] = [];
      for (const b of await confirmedBookingsOf(db, user.id, from, to)) {
        const giving = b.providerId === user.id;
        events.push({
          uid: `${b.id}@slotted`,
          sequence: b.sequence,
          title: giving ? `${b.service.name} — ${b.client.name}` : b.service.name,
          providerName: b.provider.name,
          description: giving ? `With ${b.client.name} (client)` : `With ${b.provider.name}`,
          location: b.service.location,
          startsAt: b.startsAt.toISOString(),
          endsAt: b.endsAt.toISOString(),
          // The last change, not the request's time: the same schedule gives the same bytes (and ETag).
          stamp: b.updatedAt.toISOString(),
          url: giving ? `${appUrl}/schedule` : `${appUrl}/appointments/${b.id}`,
        });
      }
      if (user.isProvider) {
        for (const o of await occurrencesOf(db, user.id, from, to)) {
          const changed = o.lastBookingChange && o.lastBookingChange > o.createdAt ? o.lastBookingChange : o.createdAt;
          events.push({
            uid: `class-${o.id}@slotted`,
            sequence: Math.max(0, Math.floor((changed.getTime() - SEQUENCE_EPOCH_MS) / 1000)),
            title: o.service.name,
            providerName: user.name,
            description: `${o.taken} of ${o.capacity} places taken`,
            location: o.service.location,
            startsAt: o.startsAt.toISOString(),
            endsAt: o.endsAt.toISOString(),
            stamp: changed.toISOString(),
            url: `${appUrl}/schedule`,
          });
        }
      }
      events.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.uid.localeCompare(b.uid));
      return calendarFeed(`Slotted — ${user.name}`, events);
    },
  };
}

export type CalendarFeedsService = ReturnType<typeof calendarFeedsService>;
