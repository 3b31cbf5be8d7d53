import { LogoutOutlined } from '@ant-design/icons';
import { Button, Descriptions, type DescriptionsProps, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, usableTimeZone } from '../../shared/format/dates';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';
import { useSessionStore } from '../auth/sessionStore';
import { useLogout } from '../auth/useLogout';
import { useMe } from '../auth/useMe';
import styles from './account.module.css';
import { LanguageChoice } from './LanguageChoice';
import { orgTypeLabel } from './orgType';

/**
 * Account centre (panel 5): personal information, change password, language and logout. Usage,
 * traffic statistics and the time-zone setting arrive with their issue.
 */
export default function AccountCentrePanel() {
  const { t } = useTranslation();
  const user = useMe();
  const expiresAt = useSessionStore((s) => s.session?.expiresAt);
  const logout = useLogout();
  const timeZone = usableTimeZone(user?.timezone);
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
        {t('account.changePassword')}
      </Typography.Title>
      <ChangePasswordForm mode="session" />

      <Divider />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('account.language')}
      </Typography.Title>
      <LanguageChoice />

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
    </div>
  );
}
