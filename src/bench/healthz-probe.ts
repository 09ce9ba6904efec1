/**
 * /healthz latency probed every 10 ms from a thread of its own while some work runs, so that what
 * delays a probe is the service, not the caller reading the work's answers: shared by
 * `npm run bench:event-loop` and test/security/event-loop.test.ts.
 */
import { Worker } from 'node:worker_threads';

/** The probe: its own thread, so what delays it is the service, not this thread reading the attack's answers. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.once('message', () => (running = false));
(async () => {
  // The thread's first fetch loads the HTTP client: not a latency of the service.
  await (await fetch(workerData + '/healthz')).arrayBuffer();
  const latencies = [];
  while (running) {
    const sent = performance.now();
    const res = await fetch(workerData + '/healthz');
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error('/healthz answered ' + res.status);
    latencies.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(latencies);
})();
`;

/** /healthz latencies at `url` (ms, sorted) probed every 10 ms while `attack` runs. */
export async function healthzWhile(url: string, attack: () => Promise<void>): Promise<number[]> {
  const probe = new Worker(PROBE, { eval: true, workerData: url });
  const probed = new Promise<number[]>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  try {
    await attack();
  } finally {
    probe.postMessage('stop');
  }
  const latencies = await probed;
  await probe.terminate();
  return latencies.sort((a, b) => a - b);
}

