import { describe, expect, it } from 'vitest';
import { nameProblem } from './names';

describe('nameProblem', () => {
  it('asks for a name when it is empty after trimming, with the key of the case', () => {
    expect(nameProblem('   ', 'tip.aoiName')).toEqual({ key: 'tip.aoiName' });
    expect(nameProblem('', 'poi.tipPOIname')).toEqual({ key: 'poi.tipPOIname' });
  });

  it('allows 50 characters, counting code points like the server, and refuses 51', () => {
    expect(nameProblem(` ${'a'.repeat(50)} `, 'tip.aoiName')).toBeNull();
    expect(nameProblem('北'.repeat(50), 'tip.aoiName')).toBeNull();
    expect(nameProblem('🛰'.repeat(50), 'tip.aoiName')).toBeNull();
    expect(nameProblem('a'.repeat(51), 'tip.aoiName')).toEqual({
      key: 'aoi.nameTooLong',
      params: { max: 50 },
    });
  });
});
