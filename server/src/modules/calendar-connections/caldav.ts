/**
 * What Slotted asks of a CalDAV server, through tsdav and the guarded fetch (public-fetch.ts):
 * discovery (well-known → principal → calendar home, RFC 6764 / RFC 4791), the objects of a
 * calendar in a time range, and writing one object conditionally (ETags).
 */
import {
  createAccount,
  createObject,
  deleteObject,
  fetchCalendarObjects,
  fetchCalendars,
  getBasicAuthHeaders,
  updateObject,
  type DAVCalendar,
} from 'tsdav';
import { checkAddress, HostRefused, publicFetch } from './public-fetch.ts';

export interface CaldavLogin {
  serverUrl: string;
  username: string;
  password: string;
}

/** A login the server refused, naming the field to correct. */
export class LoginRefused extends Error {
  constructor(
    readonly field: 'server_url' | 'password',
    message: string,
  ) {
    super(message);
  }
}

/** The server said the object changed since the ETag we hold (or exists when we meant to create it). */
export class Precondition extends Error {}

const displayName = (c: DAVCalendar) => (typeof c.displayName === 'string' && c.displayName.trim() ? c.displayName.trim() : null);

const rootCause = (err: unknown): unknown => {
  let e = err;
  while (e instanceof Error && e.cause && !(e instanceof HostRefused)) e = e.cause;
  return e;
};

export function caldavClient(opts: { allowPrivate: boolean }) {
  const fetch = publicFetch(opts);
  const auth = (l: CaldavLogin) => getBasicAuthHeaders({ username: l.username, password: l.password });

  async function check(res: Response, what: string): Promise<Response> {
    if (res.status === 412) throw new Precondition(`${what}: 412`);
    if (res.status === 401 || res.status === 403) throw new Error(`${what}: the server refused the user name and password (${res.status})`);
    if (!res.ok) throw new Error(`${what}: the calendar server answered ${res.status}`);
    return res;
  }

  return {
    /** The account's calendars (VEVENT ones), or LoginRefused saying which field is wrong. */
    async discover(login: CaldavLogin): Promise<{ url: string; name: string }[]> {
      let url: URL;
      try {
        url = new URL(login.serverUrl);
        checkAddress(url, opts.allowPrivate);
      } catch (err) {
        throw new LoginRefused(
          'server_url',
          err instanceof HostRefused ? err.message : 'Please enter a server address, like https://caldav.example.com.',
        );
      }
      try {
        const headers = auth(login);
        const account = await createAccount({
          account: { serverUrl: url.href, accountType: 'caldav', credentials: { username: login.username, password: login.password } },
          headers,
          fetch,
        });
        const calendars = await fetchCalendars({ account, headers, fetch });
        const found = calendars
          .filter((c) => !c.components || c.components.includes('VEVENT'))
          .map((c) => ({
            url: c.url,
            name: displayName(c) ?? decodeURIComponent(new URL(c.url).pathname.split('/').filter(Boolean).pop() ?? c.url),
          }));
        if (found.length === 0) throw new LoginRefused('server_url', 'No calendars were found for this account at this address.');
        return found;
      } catch (err) {
        if (err instanceof LoginRefused) throw err;
        const cause = rootCause(err);
        if (cause instanceof HostRefused) throw new LoginRefused('server_url', cause.message);
        if (cause instanceof Error && /Invalid credentials|401|Unauthorized/i.test(cause.message)) {
          throw new LoginRefused('password', 'The server refused this user name and password. Check them, or make a new app password.');
        }
        throw new LoginRefused('server_url', 'No CalDAV server answered at this address. Check the address (your provider lists it).');
      }
    },

    /** The iCalendar text of every object of a calendar with an event touching [from, to). */
    async objects(login: CaldavLogin, calendarUrl: string, from: Date, to: Date): Promise<string[]> {
      const objects = await fetchCalendarObjects({
        calendar: { url: calendarUrl } as DAVCalendar,
        timeRange: { start: from.toISOString(), end: to.toISOString() },
        headers: auth(login),
        fetch,
      });
      return objects.map((o) => (typeof o.data === 'string' ? o.data : '')).filter((d) => d.includes('BEGIN:VCALENDAR'));
    },

    /** Creates the object only if nothing is at `url` (If-None-Match: *); its new ETag. */
    async create(login: CaldavLogin, url: string, ics: string): Promise<string | null> {
      const res = await check(
        await createObject({
          url,
          data: ics,
          headers: { ...auth(login), 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' },
          fetch,
        }),
        'create event',
      );
      return res.headers.get('etag');
    },

    /** Replaces the object if it still has `etag` (If-Match); its new ETag. */
    async update(login: CaldavLogin, url: string, ics: string, etag: string | null): Promise<string | null> {
      const res = await check(
        await updateObject({
          url,
          data: ics,
          etag: etag ?? undefined,
          headers: { ...auth(login), 'content-type': 'text/calendar; charset=utf-8' },
          fetch,
        }),
        'update event',
      );
      return res.headers.get('etag');
    },

    /** The object's ETag and SEQUENCE as the server has it now, or null when it is gone. */
    async read(login: CaldavLogin, url: string): Promise<{ etag: string | null; sequence: number } | null> {
      const res = await fetch(url, { method: 'GET', headers: auth(login) });
      if (res.status === 404 || res.status === 410) return null;
      await check(res, 'read event');
      const sequence = /^SEQUENCE:(\d+)\r?$/m.exec(await res.text())?.[1];
      return { etag: res.headers.get('etag'), sequence: sequence ? Number(sequence) : 0 };
    },

    /** Deletes the object (if it still has `etag`, when given); gone already is fine. */
    async remove(login: CaldavLogin, url: string, etag: string | null): Promise<void> {
      const res = await deleteObject({ url, etag: etag ?? undefined, headers: auth(login), fetch });
      if (res.status === 404 || res.status === 410) return;
      await check(res, 'delete event');
    },
  };
}

export type CaldavClient = ReturnType<typeof caldavClient>;
