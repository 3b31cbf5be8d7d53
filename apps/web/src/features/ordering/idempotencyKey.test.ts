import { describe, expect, it } from 'vitest';
import { keyFor, type SentKeys } from './idempotencyKey';

/** A dialog's submits in turn: the keys they were sent with. */
function keysOf(bodies: unknown[]): string[] {
  let sent: SentKeys = new Map();
  let made = 0;
  return bodies.map((body) => {
    const next = keyFor(sent, body, () => `key-${++made}`);
    sent = next.sent;
    return next.key;
  });
}

const body = (levels: number[], sceneIds = ['a', 'b']) => ({
  taskId: null,
  ipr: {
    priority: 1,
    process: { level: levels, clipping: true },
    ips: sceneIds.map((sceneId) => ({ sceneId })),
  },
  orderRequestInfo: { type: 2 },
});

describe('keyFor: one Idempotency-Key per order body in a dialog', () => {
  it('sends a retry of the same body with the same key (the server answers the first order)', () => {
    expect(keysOf([body([10]), body([10]), body([10])])).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('sends the same body built with its keys in another order with the same key', () => {
    const reordered = { orderRequestInfo: { type: 2 }, ipr: body([10]).ipr, taskId: null };
    expect(keysOf([body([10]), reordered])).toEqual(['key-1', 'key-1']);
  });

  it('sends changed choices with a new key (the server refuses a key with another body, 422)', () => {
    expect(keysOf([body([10]), body([10, 20]), body([10, 20], ['a'])])).toEqual(['key-1', 'key-2', 'key-3']);
  });

  it('goes back to the key of choices already sent (an answer lost on the way is not ordered twice)', () => {
    expect(keysOf([body([10]), body([20]), body([10])])).toEqual(['key-1', 'key-2', 'key-1']);
  });

  it('leaves the keys it was given unchanged', () => {
    const sent: SentKeys = new Map();
    keyFor(sent, body([10]), () => 'key-1');
    expect(sent.size).toBe(0);
  });
});
