import { Applications, type CompanyEntry, RequestTypes, type User } from '@satportal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Descriptions, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { type Requester, type RequesterField, requesterModeOf } from './orderForm';
import styles from './ordering.module.css';

interface RequesterBlockProps {
  user: User | undefined;
  requester: Requester;
  onChange(requester: Requester): void;
}

/** Waits for a pause in typing before asking the server for companies. */
function useDebounced(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const fromEntry = (requester: Requester, entry: CompanyEntry): Requester => ({
  ...requester,
  companyId: entry.id,
  company: entry.company,
  email: entry.email,
  address: entry.address,
  application: (Applications as readonly string[]).includes(entry.application) ? entry.application : '',
  contact: entry.contact,
});

/**
 * The requester block by organisation type (DESIGN §9): a reseller (3) orders for an end user,
 * whose company it can look up among those it ordered for before, or for internal use; a customer
 * (4) sees its own company read-only; other types fill the request type and the five fields.
 */
export function RequesterBlock({ user, requester, onChange }: RequesterBlockProps) {
  const { t } = useTranslation();
  const api = useApi();
  const mode = requesterModeOf(user?.org.type);
  const lookup = useDebounced(requester.company.trim());
  const endUser = requester.requestType === RequestTypes.EndUser;
  const companies = useQuery({
    queryKey: queryKeys.companies(lookup),
    queryFn: () => api.companies(lookup),
    enabled: mode === 'reseller' && endUser,
    staleTime: 30_000,
    // The list stays while the next one is asked for, instead of closing and opening again at each
    // pause in typing; an entry chosen meanwhile is still among `entries` and fills the fields.
    placeholderData: keepPreviousData,
  });

  if (mode === 'ownCompany' && user)
    return (
      <Descriptions
        size="small"
        column={1}
        title={<span className={styles.sectionTitle}>{t('order.requester')}</span>}
        data-testid="order-requester-own"
        items={[
          { key: 'note', label: t('order.requestType'), children: t('order.ownCompany') },
          { key: 'company', label: t('order.company'), children: user.org.name },
          { key: 'address', label: t('order.address'), children: user.org.address || t('common.notSet') },
          {
            key: 'contact',
            label: t('order.contact'),
            children: user.org.orgContactPerson.contactPerson || t('common.notSet'),
          },
          { key: 'email', label: t('order.email'), children: user.email || t('common.notSet') },
        ]}
      />
    );

  const set = (field: RequesterField, value: string) =>
    // Editing the company by hand leaves the entry it was filled from.
    onChange({ ...requester, [field]: value, ...(field === 'company' ? { companyId: null } : {}) });
  const text = (field: Exclude<RequesterField, 'company' | 'application'>) => (
    <Form.Item label={t(`order.${field}`)} className={styles.item} required>
      <Input
        value={requester[field]}
        maxLength={field === 'email' ? 254 : field === 'address' ? 300 : 100}
        onChange={(e) => set(field, e.target.value)}
        data-testid={`order-requester-${field}`}
      />
    </Form.Item>
  );
  const entries = companies.data ?? [];
  const showFields = mode === 'fill' || endUser;

  return (
    <section data-testid="order-requester">
      <h4 className={styles.sectionTitle}>{t('order.requester')}</h4>
      <Form.Item label={t('order.requestType')} className={styles.item} required>
        <Radio.Group
          value={requester.requestType}
          onChange={(e) => onChange({ ...requester, requestType: e.target.value as 1 | 2 })}
          size="small"
          data-testid="order-request-type"
          options={[
            { value: RequestTypes.EndUser, label: t('order.forEndUser') },
            { value: RequestTypes.Internal, label: t('order.forInternal') },
          ]}
        />
      </Form.Item>
      {showFields && (
        <>
          <Form.Item label={t('order.company')} className={styles.item} required>
            {mode === 'reseller' ? (
              <AutoComplete
                value={requester.company}
                placeholder={t('order.companyLookup')}
                onChange={(value: string) => {
                  // Choosing an entry types its name: the entry then fills the other fields.
                  const entry = entries.find((e) => e.company === value);
                  if (entry) onChange(fromEntry(requester, entry));
                  else set('company', value);
                }}
                options={entries.map((entry) => ({
                  key: entry.id,
                  value: entry.company,
                  label: <span data-testid="order-company-option">{entry.company}</span>,
                }))}
                data-testid="order-requester-company"
              />
            ) : (
              <Input
                value={requester.company}
                maxLength={200}
                onChange={(e) => set('company', e.target.value)}
                data-testid="order-requester-company"
              />
            )}
          </Form.Item>
          {text('email')}
          {text('address')}
          <Form.Item label={t('order.application')} className={styles.item} required>
            <Select
              value={requester.application || undefined}
              onChange={(value: string) => set('application', value)}
              data-testid="order-requester-application"
              options={Applications.map((a) => ({ value: a, label: t(`order.applications.${a}`) }))}
            />
          </Form.Item>
          {text('contact')}
        </>
      )}
    </section>
  );
}
