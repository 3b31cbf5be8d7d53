import { beforeEach, expect, it } from 'vitest';
import { PanelId, usePanelStore } from './panelStore';

const state = () => usePanelStore.getState();

beforeEach(() => state().close());

it('starts with no panel open', () => {
  expect(state().openPanel).toBeNull();
});

it('opens one panel at a time: opening another closes the current one', () => {
  state().toggle(PanelId.SearchCentre);
  expect(state().openPanel).toBe(PanelId.SearchCentre);
  state().toggle(PanelId.AccountCentre);
  expect(state().openPanel).toBe(PanelId.AccountCentre);
});

it('closes the open panel when it is toggled again', () => {
  state().toggle(PanelId.AoiCentre);
  state().toggle(PanelId.AoiCentre);
  expect(state().openPanel).toBeNull();
});

it('open() keeps an already open panel open, close() closes it', () => {
  state().open(PanelId.OrderCentre);
  state().open(PanelId.OrderCentre);
  expect(state().openPanel).toBe(PanelId.OrderCentre);
  state().close();
  expect(state().openPanel).toBeNull();
});
