import { describe, expect, it } from 'vitest';
import { hdTileOutcome } from './hdTypes';

describe('hdTileOutcome (spec 000 §4 "HD tile outcome")', () => {
  it('draws a tile only with X-Status 200 on a successful answer', () => {
    expect(hdTileOutcome(200, '200')).toBe('draw');
    expect(hdTileOutcome(200, null)).toBe('draw');
    expect(hdTileOutcome(500, '200')).toBe('failed');
  });

  it('reads the quota codes from the header, whatever the HTTP status', () => {
    expect(hdTileOutcome(200, '602')).toBe('quotaSpent');
    expect(hdTileOutcome(403, '403')).toBe('notSubscribed');
    expect(hdTileOutcome(429, '602')).toBe('quotaSpent');
  });

  it('tells the credential refusals apart and fails everything else', () => {
    expect(hdTileOutcome(401, '401')).toBe('noCredential');
    expect(hdTileOutcome(401, null)).toBe('noCredential');
    expect(hdTileOutcome(200, '601')).toBe('keyExpired');
    expect(hdTileOutcome(404, null)).toBe('failed');
    expect(hdTileOutcome(200, 'garbage')).toBe('draw');
    expect(hdTileOutcome(503, ' 602 ')).toBe('quotaSpent');
  });
});
