/**
 * A part of the map whose code loads on first use (its own chunk: the archive footprints bring
 * WebGL, which the map's first paint does not need), while the controller's methods stay
 * synchronous: what is asked before the code is there is queued and replayed in order once it is.
 */
export interface Deferred<T> {
  /** Call `use` now when loaded; else queue it, loading first unless `start` is false (then, before any load, drop it). */
  run(use: (part: T) => void, options?: { start?: boolean }): void;
  /** The part, once loaded. */
  current(): T | null;
  /** Nothing is created after this; queued calls are dropped. */
  dispose(): void;
}

export function deferred<T>(load: () => Promise<() => T>, onError: (error: unknown) => void): Deferred<T> {
  let part: T | null = null;
  let queue: Array<(part: T) => void> | null = null;
  let disposed = false;

  const start = () => {
    queue = [];
    load().then(
      (create) => {
        if (disposed) return;
        const created = create();
        part = created;
        const waiting = queue ?? [];
        queue = null;
        for (const use of waiting) use(created);
      },
      (error: unknown) => {
        // A chunk that failed to load (offline, a new build): the next use tries again.
        queue = null;
        if (!disposed) onError(error);
      },
    );
  };

  return {
    run(use, options = {}) {
      if (disposed) return;
      if (part) {
        use(part);
        return;
      }
      if (!queue) {
        if (options.start === false) return;
        start();
      }
      queue?.push(use);
    },
    current: () => part,
    dispose() {
      disposed = true;
      queue = null;
    },
  };
}
