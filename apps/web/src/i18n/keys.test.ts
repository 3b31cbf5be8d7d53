import { describe, expect, it } from 'vitest';
import en from './en.json';
import { flattenKeys, keysUsedIn, placeholdersOf } from './keys';
import zh from './zh.json';

const english = flattenKeys(en);
const chinese = flattenKeys(zh);

/** Every application source file (not tests), read as text by Vite at test time. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts', '!../**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('translation files', () => {
  it('zh.json has exactly the keys of en.json', () => {
    const missingInChinese = [...english.keys()].filter((k) => !chinese.has(k));
    const extraInChinese = [...chinese.keys()].filter((k) => !english.has(k));
    expect({ missingInChinese, extraInChinese }).toEqual({ missingInChinese: [], extraInChinese: [] });
  });

  it('has no empty message', () => {
    const empty = [...english, ...chinese].filter(([, message]) => message.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const differing = [...english]
      .filter(
        ([key, message]) => placeholdersOf(message).join() !== placeholdersOf(chinese.get(key) ?? '').join(),
      )
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('gives every message with a singular form its plural form too', () => {
    const singular = [...english.keys()].filter((k) => k.endsWith('_one'));
    expect(singular.filter((k) => !english.has(`${k.slice(0, -'_one'.length)}_other`))).toEqual([]);
  });

  it('defines every key the source uses literally', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const unknown = Object.entries(sources).flatMap(([file, source]) =>
      keysUsedIn(source)
        // A message with plural forms (i18next: `key_one`, `key_other`) is called by its bare key.
        .filter((key) => !english.has(key) && !english.has(`${key}_other`))
        .map((key) => `${file}: ${key}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('keysUsedIn', () => {
  it('finds t() calls and keys kept in tables', () => {
    const source = `t('login.failed'); i18n.t("error.network"); const a = { titleKey: 'panel.myData' };`;
    expect(keysUsedIn(source)).toEqual(['login.failed', 'error.network', 'panel.myData']);
  });

  it('ignores calls that are not translations', () => {
    expect(keysUsedIn(`split('a.b'); format('x')`)).toEqual([]);
  });
});
