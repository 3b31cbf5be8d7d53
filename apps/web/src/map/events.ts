export type Unsubscribe = () => void;

/** A minimal typed event emitter: the controller's only way to talk back to React. */
export class TypedEmitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  on<K extends keyof Events>(type: K, listener: (payload: Events[K]) => void): Unsubscribe {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const stored = listener as (payload: never) => void;
    set.add(stored);
    return () => set.delete(stored);
  }

  emit<K extends keyof Events>(type: K, payload: Events[K]) {
    for (const listener of this.listeners.get(type) ?? []) (listener as (p: Events[K]) => void)(payload);
  }

  clear() {
    this.listeners.clear();
  }
}
