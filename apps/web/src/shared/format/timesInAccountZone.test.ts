import { expect, it } from 'vitest';

/**
 * Every time shown is in the account's zone (DESIGN §4): the only ways to a zone are the
 * `useTimeFormat()` hook and the props its callers hand down. These rules catch a view that would
 * format a time in the browser's zone instead, before anyone sees it.
 */
const sources = import.meta.glob<string>(
  ['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/*.d.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
// Keys are relative to this folder: `./dates.ts`, `../../features/…`; made relative to src/.
const fromSrc = (path: string) => (path.startsWith('./') ? `shared/format/${path.slice(2)}` : path.slice(6));
const files = Object.entries(sources).map(([path, text]) => ({ path: fromSrc(path), text }));
const outsideFormat = files.filter((f) => !f.path.startsWith('shared/format/'));

const offenders = (pattern: RegExp, allowed: readonly string[] = []) =>
  outsideFormat.filter((f) => pattern.test(f.text) && !allowed.includes(f.path)).map((f) => f.path);

it('finds the sources it checks', () => {
  expect(files.some((f) => f.path === 'features/search/ResultList.tsx')).toBe(true);
  expect(outsideFormat.length).toBeGreaterThan(100);
});

it("formats no date outside shared/format (the browser's zone is every such API's default)", () => {
  expect(offenders(/\.toLocale(Date|Time)?String\(/)).toEqual([]);
  expect(offenders(/Intl\.DateTimeFormat\(|\bdateTimeFormat\(/)).toEqual([]);
  // dayjs() is now on the browser's clock and calendar.
  expect(offenders(/\bdayjs\(\)/)).toEqual([]);
});

it("reads the account's zone only through useTimeFormat()", () => {
  expect(offenders(/\busableTimeZone\(/, ['features/auth/useTimeFormat.ts'])).toEqual([]);
});

it("uses the browser's zone only where no time is shown in it", () => {
  expect(
    offenders(/\bbrowserTimeZone\(/, [
      // the panel's "use the browser's zone" entry
      'features/account/TimeZonePanel.tsx',
      // the default base map (Tianditu in China), not a time
      'features/workspace/MapCanvas.tsx',
      // the forms' first default days, before the account is known; moved into the account's
      // days by defaultDatesIn once it is (shared/conditions/conditionsStore.ts)
      'features/search/searchStore.ts',
      'features/tasking/taskingStore.ts',
      'features/subscription-create/subscriptionCreateStore.ts',
    ]),
  ).toEqual([]);
});
