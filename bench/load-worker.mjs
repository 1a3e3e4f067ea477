// The load generator's side of bench/load-generator.ts, run in a worker thread so that sending
// requests and reading answers never shares an event loop with the server being measured.
// Plain JavaScript: Node 20 does not apply the parent's --import tsx hooks to a worker's entry.
import autocannon from 'autocannon';
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

/** Every request at once; each answer's status and time from the common start. */
async function burst({ requests }) {
  const one = async ({ url, method, headers, body }) => {
    const t0 = performance.now();
    const res = await fetch(url, { method, headers, body });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  };
  return { kind: 'burst', answers: await Promise.all(requests.map(one)) };
}

const job = workerData;
parentPort.postMessage(await (job.kind === 'sustained' ? sustained(job) : burst(job)));
