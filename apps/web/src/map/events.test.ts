import { expect, it, vi } from 'vitest';
import { TypedEmitter } from './events';

interface Events {
  zoomed: number;
  moved: { x: number } | null;
}

it('delivers events to listeners of that type until they unsubscribe', () => {
  const emitter = new TypedEmitter<Events>();
  const zoomed = vi.fn();
  const moved = vi.fn();
  const stop = emitter.on('zoomed', zoomed);
  emitter.on('moved', moved);

  emitter.emit('zoomed', 3);
  emitter.emit('moved', null);
  stop();
  emitter.emit('zoomed', 4);

  expect(zoomed.mock.calls).toEqual([[3]]);
  expect(moved.mock.calls).toEqual([[null]]);
});

it('forgets every listener on clear', () => {
  const emitter = new TypedEmitter<Events>();
  const zoomed = vi.fn();
  emitter.on('zoomed', zoomed);
  emitter.clear();
  emitter.emit('zoomed', 1);
  expect(zoomed).not.toHaveBeenCalled();
});
