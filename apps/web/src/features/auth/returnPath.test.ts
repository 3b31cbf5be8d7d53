import { describe, expect, it } from 'vitest';
import { returnPath } from './returnPath';

describe('returnPath', () => {
  it('returns to the address the guard came from, its query too', () => {
    expect(returnPath({ from: '/?panel=orders&order=42' })).toBe('/?panel=orders&order=42');
    expect(returnPath({ from: '/' })).toBe('/');
  });

  it('goes home for anything that is no path of this site, or is the login page', () => {
    for (const from of [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      '/login',
      '/login?x=1',
      42,
    ])
      expect(returnPath({ from })).toBe('/');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({})).toBe('/');
  });
});
