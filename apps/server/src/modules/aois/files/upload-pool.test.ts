import { strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerUploadReader } from './upload-pool';

// The reading threads' memory is bounded (issue 26): a thread that would need more heap than it may
// have ends, its file is refused, and the pool reads the next file in a new thread.

const point = strToU8(JSON.stringify({ type: 'Point', coordinates: [1, 2] }));

/** A polygon of `n` positions (a circle): about 100 bytes of heap per position once parsed and read. */
function circle(n: number): Uint8Array {
  const ring: number[][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    ring.push([10 + Math.cos(a), 10 + Math.sin(a)]);
  }
  ring.push(ring[0] as number[]);
  return strToU8(JSON.stringify({ type: 'Polygon', coordinates: [ring] }));
}

describe('the upload pool', () => {
  const small = new WorkerUploadReader(1, 32);
  afterAll(() => small.close());

  it('ends a thread whose file needs more heap than its cap and reads the next file in a new one', {
    timeout: 120_000,
  }, async () => {
    const first = await small.read(point, 'geojson');
    expect(first.candidates).toHaveLength(1);
    // 200,000 positions of 17 digits: parsed, read and densified, far more than 32 MB of heap
    await expect(small.read(circle(199_000), 'geojson')).rejects.toThrow(/memory/i);
    const after = await small.read(point, 'geojson');
    expect(after.candidates).toHaveLength(1);
    expect(after.threadId).not.toBe(first.threadId);
  });
});
