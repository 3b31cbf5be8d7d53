import { expect, it } from 'vitest';
import en from '../../i18n/en.json';
import zh from '../../i18n/zh.json';
import { orgTypeLabel } from './orgType';

it('names every organisation type 1 to 4 and calls other numbers "other" with the number', () => {
  expect(orgTypeLabel(1)).toEqual({ key: 'account.orgTypeProvider' });
  expect(orgTypeLabel(2)).toEqual({ key: 'account.orgTypeViewer' });
  expect(orgTypeLabel(3)).toEqual({ key: 'account.orgTypeReseller' });
  expect(orgTypeLabel(4)).toEqual({ key: 'account.orgTypeCustomer' });
  expect(orgTypeLabel(7)).toEqual({ key: 'account.orgTypeOther', params: { type: 7 } });
  expect(orgTypeLabel(0)).toEqual({ key: 'account.orgTypeOther', params: { type: 0 } });
});

it('has a name in both languages for each type, none of them a bare number', () => {
  for (const messages of [en, zh]) {
    const names = [1, 2, 3, 4].map((type) => {
      const key = orgTypeLabel(type).key.replace('account.', '') as keyof typeof messages.account;
      return messages.account[key];
    });
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).not.toMatch(/\d/);
    expect(messages.account.orgTypeOther).toContain('{{type}}');
  }
});
