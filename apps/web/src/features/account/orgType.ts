import { OrgType } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

const names: Record<number, TranslationKey> = {
  [OrgType.Provider]: 'account.orgTypeProvider',
  [OrgType.Viewer]: 'account.orgTypeViewer',
  [OrgType.Reseller]: 'account.orgTypeReseller',
  [OrgType.Customer]: 'account.orgTypeCustomer',
};

/** The name of an organisation type; a number no name is known for reads "Other (type N)", never bare. */
export function orgTypeLabel(type: number): { key: TranslationKey; params?: { type: number } } {
  const key = names[type];
  return key ? { key } : { key: 'account.orgTypeOther', params: { type } };
}
