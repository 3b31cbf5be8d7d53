import { OrgType } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

/** The label of an organisation type: the two the spec names, else the number itself. */
export function orgTypeLabel(type: number): { key: TranslationKey; params?: { type: number } } {
  if (type === OrgType.Reseller) return { key: 'account.orgTypeReseller' };
  if (type === OrgType.Customer) return { key: 'account.orgTypeCustomer' };
  return { key: 'account.orgTypeOther', params: { type } };
}
