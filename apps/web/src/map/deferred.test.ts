import { describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred';

/** A load the test resolves or rejects when it wants. */
function controlledLoad<T>() {
  let resolve: (create: () => T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<() => T>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { load, resolve: (create: () => T) => resolve(create), reject: (e: unknown) => reject(e) };
}

const settled = () => new Promise((r) => setTimeout(r));

describe('deferred', () => {
  it('loads on first use and replays the queued calls in order', async () => {
    const { load, resolve } = controlledLoad<string[]>();
    const part = deferred(load, () => {});
    part.run((log) => log.push('a'));
    part.run((log) => log.push('b'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(part.current()).toBeNull();
    const log: string[] = [];
    resolve(() => log);
    await settled();
    expect(log).toEqual(['a', 'b']);
    part.run((l) => l.push('c'));
    expect(log).toEqual(['a', 'b', 'c']);
    expect(part.current()).toBe(log);
  });

  it('does not load for a call that may be dropped, but queues it once loading', async () => {
    const { load, resolve } = controlledLoad<string[]>();
    const part = deferred(load, () => {});
    part.run((log) => log.push('dropped'), { start: false });
    expect(load).not.toHaveBeenCalled();
    part.run((log) => log.push('a'));
    part.run((log) => log.push('queued'), { start: false });
    const log: string[] = [];
    resolve(() => log);
    await settled();
    expect(log).toEqual(['a', 'queued']);
  });

  it('creates nothing once disposed', async () => {
    const { load, resolve } = controlledLoad<string[]>();
    const create = vi.fn(() => [] as string[]);
    const part = deferred(load, () => {});
    part.run(() => {});
    part.dispose();
    resolve(create);
    await settled();
    expect(create).not.toHaveBeenCalled();
    expect(part.current()).toBeNull();
  });

  it('reports a failed load and tries again on the next use', async () => {
    const first = controlledLoad<string[]>();
    const onError = vi.fn();
    let attempt = 0;
    const log: string[] = [];
    const part = deferred(() => (attempt++ === 0 ? first.load() : Promise.resolve(() => log)), onError);
    part.run((l) => l.push('lost'));
    first.reject(new Error('offline'));
    await settled();
    expect(onError).toHaveBeenCalledOnce();
    part.run((l) => l.push('again'));
    await settled();
    expect(log).toEqual(['again']);
  });
});
