/**
 * A calendar file (RFC 5545) for one booking (docs/product-rules.md#e-mails-and-calendar-files):
 * title the appointment name, description 'With {provider name}', the location, start and end.
 * Instants are written in UTC so every calendar places them right whatever its zone. No
 * dependencies: the web app and the server's e-mails use the same function.
 */
export interface CalendarEvent {
  uid: string;
  title: string;
  providerName: string;
  location: string;
  /** UTC instants, ISO 8601. */
  startsAt: string;
  endsAt: string;
  /** When the file is made (DTSTAMP), ISO 8601. */
  stamp: string;
  url?: string;
  /** The event's description; "With {provider name}" when left out. */
  description?: string;
  cancelled?: boolean;
  /**
   * Raised on every change of the booking (a move, a cancellation): with the same UID, calendar
   * apps update the event in place instead of adding a second one.
   */
  sequence?: number;
  /**
   * For an e-mailed file, the provider (ORGANIZER) and the client (ATTENDEE): the file is then an
   * iTIP REQUEST (or CANCEL) that calendar apps apply to the event they already have (RFC 5546).
   * A file without them is a PUBLISH, as the booking page's download is.
   */
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
}

const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and every line break (CRLF, a
 * bare CR or a bare LF) as `\n`. Other control characters are not allowed in TEXT at all, so
 * they are dropped: a raw CR would end the content line and let text forge a property.
 */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (s: string) =>
  s
    .replace(NOT_TEXT, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Lines longer than 75 octets are folded with CRLF + space, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = new TextEncoder().encode(ch).length;
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A calendar user address (RFC 5545 §3.3.3) with its common name, quoted. */
const person = (property: string, p: { name: string; email: string }, extra = '') =>
  `${property};CN="${p.name.replace(NOT_TEXT, '').replace(/["\r\n]/g, '')}"${extra}:mailto:${p.email}`;

/** The METHOD of a file: CANCEL when cancelled, REQUEST when it names organizer and attendee, else PUBLISH. */
export function calendarMethod(e: Pick<CalendarEvent, 'cancelled' | 'organizer' | 'attendee'>): 'CANCEL' | 'REQUEST' | 'PUBLISH' {
  if (e.cancelled) return 'CANCEL';
  return e.organizer && e.attendee ? 'REQUEST' : 'PUBLISH';
}

/** The VEVENT of one booking or class occurrence. */
function eventLines(e: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence ?? 0}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `DTSTART:${utc(e.startsAt)}`,
    `DTEND:${utc(e.endsAt)}`,
    `SUMMARY:${text(e.title)}`,
    `DESCRIPTION:${text(e.description ?? `With ${e.providerName}`)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.organizer ? [person('ORGANIZER', e.organizer)] : []),
    ...(e.attendee ? [person('ATTENDEE', e.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED')] : []),
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

const HEADER = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Slotted//Booking//EN', 'CALSCALE:GREGORIAN'];
const lines = (all: string[]) => all.map(fold).join('\r\n') + '\r\n';

export function calendarFile(e: CalendarEvent): string {
  return lines([...HEADER, `METHOD:${calendarMethod(e)}`, ...eventLines(e), 'END:VCALENDAR']);
}

/**
 * The event as a CalDAV calendar object (RFC 4791 §4.1): no METHOD, since it is stored, not sent.
 * Without organizer and attendee, so no server takes it for an invitation to e-mail.
 */
export function calendarObject(e: CalendarEvent): string {
  return lines([...HEADER, ...eventLines({ ...e, organizer: undefined, attendee: undefined }), 'END:VCALENDAR']);
}

/**
 * A subscription feed (docs/product-rules.md#calendar-feeds): many events, published, named, and
 * refreshed hourly by the apps that honour REFRESH-INTERVAL (RFC 7986).
 */
export function calendarFeed(name: string, events: CalendarEvent[]): string {
  return lines([
    ...HEADER,
    'METHOD:PUBLISH',
    `NAME:${text(name)}`,
    `X-WR-CALNAME:${text(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ]);
}

/**
 * The name with spaces replaced by underscores, plus .ics
 * (docs/product-rules.md#e-mails-and-calendar-files).
 */
export function calendarFileName(name: string): string {
  return `${name.replace(/ /g, '_')}.ics`;
}
