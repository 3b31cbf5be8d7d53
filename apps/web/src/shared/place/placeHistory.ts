import { create } from 'zustand';

interface PlaceHistory {
  /** The next change of place replaces the current history entry instead of adding one. */
  replaceNext: boolean;
}

/**
 * How the next change of place enters the browser's history, when the change itself cannot say:
 * a place a link named that is not there (a purged search, another account's order) is dropped
 * from the address bar without a step that Back would only find missing again.
 */
export const usePlaceHistory = create<PlaceHistory>()(() => ({ replaceNext: false }));

export const replaceNextPlace = () => usePlaceHistory.setState({ replaceNext: true });

/** Whether the change now being written replaces, and the flag spent. */
export function takeReplaceNext(): boolean {
  const { replaceNext } = usePlaceHistory.getState();
  if (replaceNext) usePlaceHistory.setState({ replaceNext: false });
  return replaceNext;
}
