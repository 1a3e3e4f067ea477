/**
 * The only way Slotted reaches a CalDAV server: a `fetch` for tsdav that refuses loopback,
 * private, link-local and other non-public addresses (docs/decisions/0014-calendar-connections.md).
 * The check runs where the connection is made — on the addresses DNS gave for that very
 * connection, so a name cannot resolve to a public address for the check and a private one for
 * the request — and again for every redirect, which is followed here hop by hop. Plain http:// and
 * non-public hosts pass only with CALDAV_ALLOW_PRIVATE_HOSTS=true.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** The address was refused before anything was sent to it. */
export class HostRefused extends Error {}

const TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 5;

const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(net, prefix, 'ipv4');
}
const globalUnicast6 = new BlockList();
globalUnicast6.addSubnet('2000::', 3, 'ipv6');
const special6 = new BlockList();
special6.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
special6.addSubnet('2002::', 16, 'ipv6'); // 6to4: embeds any IPv4 address
special6.addSubnet('2001::', 32, 'ipv6'); // Teredo: likewise

/** True for an address anyone on the Internet could reach: not loopback, private, link-local, reserved… */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPublicAddress(mapped[1]);
  return globalUnicast6.check(address, 'ipv6') && !special6.check(address, 'ipv6');
}

const refusedHost = () => new HostRefused('This address is on a private or local network, which Slotted does not connect to.');

/** Checks the scheme and, for a literal IP host, the address; names are checked when they resolve. */
export function checkAddress(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new HostRefused(allowPrivate ? 'The address must start with https:// or http://.' : 'The address must start with https://.');
  }
  if (url.username || url.password) throw new HostRefused('Put the user name and password in their own fields, not in the address.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw refusedHost();
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails when any address of the name is not public. */
function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return callback(refusedHost(), []);
    const [first] = addresses;
    if (options.all || !first) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
}

interface Sent {
  status: number;
  statusText: string;
  headers: Headers;
  body: Buffer;
}

function send(url: URL, method: string, headers: Headers, body: Buffer | null, allowPrivate: boolean): Promise<Sent> {
  checkAddress(url, allowPrivate);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method,
        headers: Object.fromEntries(headers),
        ...(allowPrivate ? {} : { lookup: publicLookup as never }),
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) req.destroy(new Error('The calendar server sent too much data.'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
          }
          resolve({ status: res.statusCode ?? 502, statusText: res.statusMessage ?? '', headers: out, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('The calendar server did not answer in time.')));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

async function bodyOf(body: unknown): Promise<Buffer | null> {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return Buffer.from(body as ArrayBuffer);
  return Buffer.from(await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer());
}

/** A `fetch` that reaches only public addresses (unless `allowPrivate`), following redirects itself. */
export function publicFetch(opts: { allowPrivate: boolean }): typeof fetch {
  const guarded = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    let url = new URL(input instanceof Request ? input.url : input.toString());
    let method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    let body = await bodyOf(init.body);
    for (let hop = 0; ; hop++) {
      const res = await send(url, method, headers, body, opts.allowPrivate);
      const location = res.headers.get('location');
      if (init.redirect !== 'manual' && [301, 302, 303, 307, 308].includes(res.status) && location) {
        if (hop >= MAX_REDIRECTS) throw new Error('The calendar server redirected too many times.');
        const next = new URL(location, url);
        // Credentials go only to the origin they were given for.
        if (next.origin !== url.origin) headers.delete('authorization');
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = null;
        }
        url = next;
        continue;
      }
      const empty = res.status === 204 || res.status === 304 || method === 'HEAD';
      return new Response(empty ? null : res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
    }
  };
  return guarded as typeof fetch;
}
