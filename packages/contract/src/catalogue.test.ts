import { describe, expect, it } from 'vitest';
import { ResolutionClasses, resolutionClassOf } from './catalogue';

describe('resolution classes', () => {
  it('put each GSD in the class the spec names', () => {
    expect(resolutionClassOf(0.29)).toBe(1);
    expect(resolutionClassOf(0.3)).toBe(2); // Pléiades Neo: "30 cm", not "under 30 cm"
    expect(resolutionClassOf(0.31)).toBe(2);
    expect(resolutionClassOf(0.8)).toBe(3); // "80 cm–1.5 m" starts at 80 cm
    expect(resolutionClassOf(1.49)).toBe(3);
    expect(resolutionClassOf(1.5)).toBe(4);
    expect(resolutionClassOf(15)).toBe(4); // class 5 is "over 15 m"
    expect(resolutionClassOf(15.01)).toBe(5);
    expect(resolutionClassOf(130)).toBe(5);
  });

  it('agree with their own bounds', () => {
    for (const c of ResolutionClasses) {
      const inside = c.max === null ? c.min * 2 : (c.min + c.max) / 2;
      expect(resolutionClassOf(inside)).toBe(c.id);
    }
  });
});
