import { Worker } from 'node:worker_threads';

/** One poll of `GET /health`: when it was sent, how long it took (-1: failed), "database busy". */
export type HealthSample = [at: number, ms: number, busy: 0 | 1];

// Plain JavaScript in a thread of its own, so that the bench's own work never delays a poll.
const source = `
const { parentPort, workerData } = require('node:worker_threads');
const samples = [];
const poll = async () => {
  const at = Date.now();
  const started = performance.now();
  try {
    const r = await fetch(workerData.url);
    const body = await r.json();
    samples.push([at, r.status === 200 ? performance.now() - started : -1, body.data && body.data.dbBusy ? 1 : 0]);
  } catch {
    samples.push([at, -1, 0]);
  }
};
const pending = new Set();
const timer = setInterval(() => {
  const p = poll();
  pending.add(p);
  p.finally(() => pending.delete(p));
}, 20);
parentPort.on('message', async () => {
  clearInterval(timer);
  await Promise.all(pending);
  parentPort.postMessage(samples);
});
`;

/** Polls `url` every 20 ms until `stop()`, which answers every sample taken. */
export function startHealthPoller(url: string): { stop(): Promise<HealthSample[]> } {
  const worker = new Worker(source, { eval: true, workerData: { url } });
  return {
    async stop() {
      const polled = new Promise<HealthSample[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const samples = await polled;
      await worker.terminate();
      return samples;
    },
  };
}
