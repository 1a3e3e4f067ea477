// The load generator's side of bench/load-generator.ts, run in a worker thread so that sending
// requests and reading answers never shares an event loop with the server being measured.
// Plain JavaScript: Node 20 does not apply the parent's --import tsx hooks to a worker's entry.
import autocannon from 'autocannon';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

/** @param {{ url: string, connections: number, seconds: number }} job */
async function sustained({ url, connections, seconds }) {
  /** @type {number[]} */
  const latencies = [];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds }, (err, done) => (err ? reject(err) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  // Inside a worker thread autocannon answers with raw histograms (it expects to be one of its own
  // workers), so the rate is counted here: answers received per second of the run.
  return { kind: 'sustained', rps: latencies.length / seconds, latencies, errors: result.errors + result.non2xx };
}

/** A socket to `url`'s host, resolved once connected. */
function connect(url) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) || 80 }, () => resolve(socket));
    socket.setNoDelay(true);
    socket.once('error', reject);
  });
}

/** The request's bytes, `Connection: close`: the server's closing of the socket marks the answer's end. */
function requestBytes(url, { method = 'GET', headers = {}, body }) {
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}

/**
 * Every request at once; each answer's status and its time from its own send. Plain sockets, not
 * fetch: fetch costs about 1 ms of this thread per request, which alone spread a burst of 100 over
 * 100 ms whatever the server did. With `connected`, every socket is connected before the first
 * request is written (a crowd of clients that have the page open); otherwise each connects as it
 * is sent, and the times include the handshakes on the same two cores.
 */
async function burst({ requests, connected }) {
  const parsed = requests.map((r) => ({ url: new URL(r.url), bytes: null, request: r }));
  for (const p of parsed) p.bytes = requestBytes(p.url, p.request);
  const sockets = connected ? await Promise.all(parsed.map((p) => connect(p.url))) : null;
  const one = (p, i) =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const chunks = [];
      const send = (socket) => {
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.once('error', reject);
        socket.once('end', () => {
          const head = Buffer.concat(chunks).subarray(0, 16).toString('latin1'); // 'HTTP/1.1 201 Cr'
          resolve({ status: Number(head.slice(9, 12)), ms: performance.now() - t0 });
          socket.destroy();
        });
        socket.write(p.bytes);
      };
      if (sockets) send(sockets[i]);
      else connect(p.url).then(send, reject);
    });
  return { kind: 'burst', answers: await Promise.all(parsed.map(one)) };
}

const job = workerData;
parentPort.postMessage(await (job.kind === 'sustained' ? sustained(job) : burst(job)));
