import { LogoutOutlined } from '@ant-design/icons';
import { Button, Descriptions, type DescriptionsProps, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { useSessionStore } from '../auth/sessionStore';
import { useLogout } from '../auth/useLogout';
import { useMe } from '../auth/useMe';
import { useTimeFormat } from '../auth/useTimeFormat';
import { WebhooksSection } from '../webhooks/WebhooksSection';
import { ApiKeys } from './ApiKeys';
import styles from './account.module.css';
import { LanguageChoice } from './LanguageChoice';
import { OrderRequestInfo } from './OrderRequestInfo';
import { orgTypeLabel } from './orgType';
import { SignOutEverywhere } from './SignOutEverywhere';
import { TileLinkStatus } from './TileLinkStatus';
import { TimeZonePanel } from './TimeZonePanel';
import { UsageSection } from './UsageSection';

/**
 * Account centre (panel 5, spec 001 §2): personal information, order request information, change
 * password, usage with the yearly traffic chart, time zone, language, the tile link, API keys,
 * webhooks, logout and sign out everywhere.
 */
export default function AccountCentrePanel() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const user = useMe();
  const expiresAt = useSessionStore((s) => s.session?.expiresAt);
  const logout = useLogout();
  const { timeZone } = useTimeFormat();
  const orgType = user ? orgTypeLabel(user.org.type) : null;
  const text = (value: string | undefined, testId: string) => (
    <span data-testid={testId}>{value || t('common.notSet')}</span>
  );

  const personal: DescriptionsProps['items'] = [
    { key: 'username', label: t('account.username'), children: text(user?.username, 'account-username') },
    { key: 'email', label: t('account.email'), children: text(user?.email, 'account-email') },
    { key: 'phone', label: t('account.phone'), children: text(user?.phone, 'account-phone') },
    { key: 'org', label: t('account.organisation'), children: text(user?.org.name, 'account-org-name') },
    {
      key: 'orgType',
      label: t('account.orgType'),
      children: text(orgType ? t(orgType.key, orgType.params) : undefined, 'account-org-type'),
    },
    { key: 'address', label: t('account.address'), children: text(user?.org.address, 'account-org-address') },
    {
      key: 'contact',
      label: t('account.contactPerson'),
      children: text(user?.org.orgContactPerson.contactPerson, 'account-contact-person'),
    },
    {
      key: 'expires',
      label: t('account.sessionExpires'),
      children: text(expiresAt ? formatDateTime(expiresAt, timeZone) : undefined, 'account-session-expires'),
    },
  ];

  return (
    <div data-testid="account-centre">
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.personal')}
      </Typography.Title>
      <Descriptions column={1} size="small" items={personal} />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.orderRequest')}
      </Typography.Title>
      <OrderRequestInfo user={user} />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.usage')}
      </Typography.Title>
      <UsageSection timeZone={timeZone} language={language} />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.changePassword')}
      </Typography.Title>
      <ChangePasswordForm mode="session" />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.language')}
      </Typography.Title>
      <LanguageChoice />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.timeZone')}
      </Typography.Title>
      <TimeZonePanel user={user} />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.tileLink')}
      </Typography.Title>
      <TileLinkStatus timeZone={timeZone} />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('apiKey.title')}
      </Typography.Title>
      <ApiKeys timeZone={timeZone} />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('webhook.title')}
      </Typography.Title>
      <WebhooksSection timeZone={timeZone} />

      <Divider />
      <Button
        danger
        block
        icon={<LogoutOutlined />}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
        data-testid="logout-button"
      >
        {t('login.logout')}
      </Button>
      <SignOutEverywhere />
    </div>
  );
}
