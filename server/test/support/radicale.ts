/**
 * A real CalDAV server for tests: Debian's Radicale on a free loopback port, with a temporary
 * storage folder and an htpasswd file (plain passwords). Calendars and events are made over HTTP as
 * any calendar app would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fetchCalendarObjects, type DAVCalendar } from 'tsdav';
import { freePort } from './app-process.ts';

export interface Radicale {
  url: string;
  user: string;
  password: string;
  /** Makes a calendar of the user; its URL. */
  calendar(name: string, displayName?: string): Promise<string>;
  /** Stores an iCalendar object in a calendar. */
  put(calendarUrl: string, name: string, ics: string): Promise<void>;
  /** The objects of a calendar: href and text. */
  objects(calendarUrl: string): Promise<{ href: string; ics: string }[]>;
  /** Stops the server (its calendars are kept for `start`). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its folder. */
  close(): Promise<void>;
}

export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(path.join(tmpdir(), 'slotted-radicale-'));
  const user = 'alice';
  const password = 'correct horse';
  writeFileSync(path.join(dir, 'users'), `${user}:${password}\n`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn(
      '/usr/bin/radicale',
      [
        '--server-hosts',
        `127.0.0.1:${port}`,
        '--storage-filesystem-folder',
        path.join(dir, 'collections'),
        '--auth-type',
        'htpasswd',
        '--auth-htpasswd-filename',
        path.join(dir, 'users'),
        '--auth-htpasswd-encryption',
        'plain',
        '--rights-type',
        'owner_only',
        '--logging-level',
        'warning',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(url, { method: 'OPTIONS' });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('Radicale did not start');
  }

  async function stop() {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  }

  await start();
  const request = async (method: string, target: string, body?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(target, { method, body, headers: { authorization: auth, ...headers } });
    if (res.status >= 400) throw new Error(`${method} ${target}: ${res.status} ${await res.text()}`);
    return res;
  };
  return {
    url,
    user,
    password,
    async calendar(name, displayName = name) {
      const target = `${url}/${user}/${name}/`;
      await request(
        'MKCALENDAR',
        target,
        `<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${displayName}</D:displayname></D:prop></D:set></C:mkcalendar>`,
        { 'content-type': 'application/xml' },
      );
      return target;
    },
    async put(calendarUrl, name, ics) {
      await request('PUT', `${calendarUrl}${name}.ics`, ics, { 'content-type': 'text/calendar' });
    },
    async objects(calendarUrl) {
      const objects = await fetchCalendarObjects({ calendar: { url: calendarUrl } as DAVCalendar, headers: { authorization: auth } });
      return objects.map((o) => ({ href: o.url, ics: String(o.data) }));
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
