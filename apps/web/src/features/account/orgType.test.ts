import { expect, it } from 'vitest';
import { orgTypeLabel } from './orgType';

it('names resellers (3) and customers (4) and numbers other organisation types', () => {
  expect(orgTypeLabel(3).key).toBe('account.orgTypeReseller');
  expect(orgTypeLabel(4).key).toBe('account.orgTypeCustomer');
  expect(orgTypeLabel(7)).toEqual({ key: 'account.orgTypeOther', params: { type: 7 } });
});
