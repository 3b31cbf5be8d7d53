import { describe, expect, it } from 'vitest';
import { describeDemoIngest } from './start-messages';

const report = {
  source: '100-landsat-items.ndjson',
  read: 100,
  inserted: 99,
  updated: 0,
  unchanged: 0,
  rejected: [
    {
      where: 'line 98',
      id: 'LE07_L2SP_034032_20231028_02_T2',
      reason: 'unknown platform "landsat-7": no satellite of the catalogue has that name',
    },
  ],
};

describe("the demo start's report of its STAC items", () => {
  it('says items of satellites outside the constellation were left out, not rejected', () => {
    const lines = describeDemoIngest(report);
    expect(lines).toEqual([
      '100-landsat-items.ndjson: 99 of 100 real scenes added to the archive',
      '  left out 1 of satellites the demo constellation does not include (landsat-7); nothing is wrong',
    ]);
    expect(lines.join('\n')).not.toMatch(/reject|error/i);
  });

  it('still names any other refusal as a problem', () => {
    const broken = {
      ...report,
      rejected: [{ where: 'line 3', id: null, reason: 'the footprint is not a polygon' }],
    };
    expect(describeDemoIngest(broken)).toContain(
      '  problem: line 3 could not be added: the footprint is not a polygon',
    );
  });

  it('says nothing for a file ingested before', () => {
    expect(describeDemoIngest({ ...report, skipped: true })).toEqual([]);
  });
});
