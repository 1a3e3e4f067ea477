/**
 * The time a calendar's events block (docs/product-rules.md#calendar-connections), read with
 * ical.js: recurrence (RRULE, RDATE, EXDATE, moved or cancelled occurrences by RECURRENCE-ID) and
 * zones (each object's VTIMEZONEs) are the library's; this file only decides what blocks and turns
 * times into instants. All-day events block the owner's whole days in the owner's zone; floating
 * times are read in the owner's zone; a TZID without a VTIMEZONE is read as that IANA zone.
 */
import ICAL from 'ical.js';

type Time = InstanceType<typeof ICAL.Time>;
type Event = InstanceType<typeof ICAL.Event>;
type Component = InstanceType<typeof ICAL.Component>;

export interface BusyInterval {
  start: number;
  end: number;
}

/** Events whose UID ends so are Slotted's own bookings (appointments.emails.ts): never busy time read back. */
export const isSlottedUid = (uid: string | null | undefined) => typeof uid === 'string' && uid.endsWith('@slotted');

/** The most occurrences of one recurring event counted (a rule every minute for a year is not a calendar). */
const MAX_OCCURRENCES = 5000;
const MOVED_REACH_MS = 31 * 86_400_000;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Offset (ms) of `zone` at the instant `ms`. */
function offsetAt(zone: string, ms: number): number {
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock reading has in `zone` (a time skipped by a change moves forward by the gap). */
export function wallToInstant(wallMs: number, zone: string): number {
  const first = wallMs - offsetAt(zone, wallMs);
  const second = wallMs - offsetAt(zone, first);
  return offsetAt(zone, second) === wallMs - second ? second : Math.max(first, second);
}

function instantOf(time: Time, tzid: string | null, ownerZone: string): number {
  const wall = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.isDate ? 0 : time.hour,
    time.isDate ? 0 : time.minute,
    time.isDate ? 0 : time.second,
  );
  if (time.isDate) return wallToInstant(wall, ownerZone);
  const zone = time.zone;
  if (zone && (zone.tzid === 'UTC' || zone.tzid === 'Z' || zone.component)) return time.toUnixTime() * 1000;
  // Floating, or a TZID the object did not define: an IANA name is read as such, anything else in the owner's zone.
  return wallToInstant(wall, tzid && isZone(tzid) ? tzid : ownerZone);
}

const tzidOf = (event: Event, name: 'dtstart' | 'dtend') => {
  const param = event.component.getFirstProperty(name)?.getParameter('tzid');
  return typeof param === 'string' ? param : null;
};

const blocks = (c: Component) =>
  String(c.getFirstPropertyValue('status') ?? '').toUpperCase() !== 'CANCELLED' &&
  String(c.getFirstPropertyValue('transp') ?? '').toUpperCase() !== 'TRANSPARENT';

function interval(event: Event, start: Time, end: Time, ownerZone: string): BusyInterval | null {
  const s = instantOf(start, tzidOf(event, 'dtstart'), ownerZone);
  let e = instantOf(end, tzidOf(event, 'dtend') ?? tzidOf(event, 'dtstart'), ownerZone);
  if (start.isDate && e <= s) {
    const next = start.clone();
    next.day += 1;
    e = instantOf(next, null, ownerZone);
  }
  return e > s ? { start: s, end: e } : null;
}

/**
 * The busy intervals of one calendar object's events that touch [from, to). Throws on text that is
 * not iCalendar (the caller skips that object).
 */
export function busyIntervals(ics: string, ownerZone: string, from: number, to: number): BusyInterval[] {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const byUid = new Map<string, { master?: Event; exceptions: Event[] }>();
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    if (isSlottedUid(event.uid)) continue;
    const entry = byUid.get(event.uid) ?? { exceptions: [] };
    if (vevent.hasProperty('recurrence-id')) entry.exceptions.push(event);
    else entry.master = event;
    byUid.set(event.uid, entry);
  }
  const out: BusyInterval[] = [];
  const keep = (i: BusyInterval | null) => {
    if (i && i.end > from && i.start < to) out.push(i);
  };
  for (const { master, exceptions } of byUid.values()) {
    if (!master) {
      // Only moved occurrences of an event we were not given whole: each stands on its own.
      for (const e of exceptions) if (blocks(e.component)) keep(interval(e, e.startDate, e.endDate, ownerZone));
      continue;
    }
    for (const e of exceptions) master.relateException(e);
    if (!master.isRecurring()) {
      if (blocks(master.component)) keep(interval(master, master.startDate, master.endDate, ownerZone));
      continue;
    }
    // Occurrences are visited in the order of their original times; one moved into the window may
    // originally be up to a month after it.
    const tzid = tzidOf(master, 'dtstart');
    const occurrence = (at: Time) => {
      const details = master.getOccurrenceDetails(at);
      if (blocks(details.item.component)) keep(interval(details.item, details.startDate, details.endDate, ownerZone));
    };
    const it = master.iterator();
    let startSeen = false;
    for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
      if (instantOf(next, tzid, ownerZone) >= to + MOVED_REACH_MS) break;
      startSeen ||= next.compare(master.startDate) === 0;
      occurrence(next);
    }
    // ical.js leaves DTSTART out of a set made only of RDATEs; it is an occurrence unless excluded.
    const excluded = master.component
      .getAllProperties('exdate')
      .flatMap((p) => p.getValues() as Time[])
      .some((t) => t.compare(master.startDate) === 0);
    if (!startSeen && !master.component.hasProperty('rrule') && !excluded) occurrence(master.startDate);
  }
  return out;
}
