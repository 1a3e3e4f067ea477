/**
 * Load for the HTTP benchmarks, generated in a worker thread: in the server's own thread the
 * client's work (autocannon's parsing, fetch) would queue behind requests and inflate the very
 * latencies being measured. Latencies are sorted; quantile() reads them.
 */
import { Worker } from 'node:worker_threads';

export interface BurstRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export type LoadJob =
  | { kind: 'sustained'; url: string; connections: number; seconds: number }
  | { kind: 'burst'; requests: BurstRequest[]; connected: boolean };

export type WorkerAnswer =
  { kind: 'sustained'; rps: number; latencies: number[]; errors: number } | { kind: 'burst'; answers: { status: number; ms: number }[] };

function inWorker(job: LoadJob): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (answer: WorkerAnswer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The value at quantile `q` (0–1) of ascending `sorted`; NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

/** `connections` keep-alive connections asking `url` as fast as answered, for `seconds`. */
export async function sustainedLoad(url: string, connections: number, seconds: number) {
  const answer = await inWorker({ kind: 'sustained', url, connections, seconds });
  if (answer.kind !== 'sustained') throw new Error('unexpected worker answer');
  const sorted = answer.latencies.sort((a, b) => a - b);
  return { rps: answer.rps, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), errors: answer.errors };
}

/**
 * All `requests` sent at the same moment: each answer's status and latency, in request order.
 * `connected`: each on a connection opened beforehand (a crowd of clients with the page already
 * open); otherwise each opens its own as it is sent (load-worker.mjs).
 */
export async function burst(requests: BurstRequest[], { connected }: { connected: boolean }) {
  const answer = await inWorker({ kind: 'burst', requests, connected });
  if (answer.kind !== 'burst') throw new Error('unexpected worker answer');
  return answer.answers;
}
