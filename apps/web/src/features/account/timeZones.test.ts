import { describe, expect, it } from 'vitest';
import { filterTimeZones, timeZoneEntries, timeZoneNames } from './timeZones';

const at = new Date('2025-07-01T12:00:00Z');

describe('time-zone panel', () => {
  it('offers the IANA names the browser knows, UTC among them', () => {
    const names = timeZoneNames();
    expect(names.length).toBeGreaterThan(300);
    expect(names).toContain('Asia/Shanghai');
    expect(names).toContain('America/New_York');
    expect(names).toContain('UTC');
  });

  it('lists renamed zones under their current IANA names only', () => {
    const names = timeZoneNames();
    expect(names).toContain('Asia/Kolkata');
    expect(names).toContain('Europe/Kyiv');
    expect(names).not.toContain('Asia/Calcutta');
    expect(names).not.toContain('Europe/Kiev');
    expect(new Set(names).size).toBe(names.length);
  });

  it('filters by words of the name, ignoring case and underscores', () => {
    const entries = timeZoneEntries(['America/New_York', 'Asia/Shanghai', 'Europe/London'], at);
    expect(filterTimeZones(entries, 'new york').map((e) => e.name)).toEqual(['America/New_York']);
    expect(filterTimeZones(entries, 'ASIA shang').map((e) => e.name)).toEqual(['Asia/Shanghai']);
    expect(filterTimeZones(entries, '  ').map((e) => e.name)).toHaveLength(3);
    expect(filterTimeZones(entries, 'mars')).toEqual([]);
  });

  it('finds zones by their offset now', () => {
    const entries = timeZoneEntries(['Asia/Kolkata', 'Asia/Shanghai', 'Europe/London'], at);
    expect(entries.find((e) => e.name === 'Europe/London')?.offset).toBe('UTC+01:00');
    expect(filterTimeZones(entries, 'utc+05:30').map((e) => e.name)).toEqual(['Asia/Kolkata']);
  });
});
