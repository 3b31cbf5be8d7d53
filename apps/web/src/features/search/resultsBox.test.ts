import { describe, expect, it } from 'vitest';
import { PanelId } from '../../shared/panelStore';
import { isResultsBoxShown } from './resultsBox';

describe('the archive result box beside the search centre’s tabs', () => {
  it('shows with the Archive tab, with no panel and beside any other panel', () => {
    expect(isResultsBoxShown(PanelId.SearchCentre, 'archive')).toBe(true);
    expect(isResultsBoxShown(null, 'tasking')).toBe(true);
    expect(isResultsBoxShown(PanelId.AoiCentre, 'tasking')).toBe(true);
  });

  it('steps aside while the search centre shows the Tasking or Subscription tab', () => {
    expect(isResultsBoxShown(PanelId.SearchCentre, 'tasking')).toBe(false);
    expect(isResultsBoxShown(PanelId.SearchCentre, 'subscription')).toBe(false);
  });
});
