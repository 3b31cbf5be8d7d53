import { OrgType, type User } from '@satportal/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { localeTagOf } from '../../i18n/language';
import { useLanguage } from '../../shared/hooks/useLanguage';

/** What the order dialog asks of this organisation type (DESIGN §9), in the account centre's words. */
function requestTypeKey(orgType: number): TranslationKey {
  if (orgType === OrgType.Reseller) return 'account.requestReseller';
  if (orgType === OrgType.Customer) return 'account.requestOwnCompany';
  return 'account.requestFill';
}

/**
 * Order request information (spec 001 §2): the requester the order dialog sends for this account —
 * a customer's own organisation as it stands, or what a reseller or other organisation fills per
 * order — and the kinds of order the organisation may place.
 */
export function OrderRequestInfo({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (!user) return null;
  const allowed = [
    user.org.auth.orderType.includes(1) ? t('account.orderArchive') : null,
    user.org.auth.orderType.includes(4) ? t('account.orderTasking') : null,
  ].filter((kind): kind is string => kind !== null);
  const own = user.org.type === OrgType.Customer;
  const items: DescriptionsProps['items'] = [
    {
      key: 'requestType',
      label: t('order.requestType'),
      children: <span data-testid="account-request-type">{t(requestTypeKey(user.org.type))}</span>,
    },
    ...(own
      ? [
          { key: 'company', label: t('order.company'), children: user.org.name || t('common.notSet') },
          { key: 'address', label: t('order.address'), children: user.org.address || t('common.notSet') },
          {
            key: 'contact',
            label: t('order.contact'),
            children: user.org.orgContactPerson.contactPerson || t('common.notSet'),
          },
          { key: 'email', label: t('order.email'), children: user.email || t('common.notSet') },
        ]
      : []),
    {
      key: 'allowed',
      label: t('account.orderKinds'),
      children: (
        <span data-testid="account-order-kinds">
          {allowed.length > 0
            ? // "archive scenes and tasking", "存档影像和编程拍摄": the language's own list.
              new Intl.ListFormat(localeTagOf(language), { type: 'conjunction' }).format(allowed)
            : t('account.orderNone')}
        </span>
      ),
    },
  ];
  return <Descriptions column={1} size="small" items={items} data-testid="account-order-request" />;
}
