import { Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LoginForm } from './LoginForm';
import styles from './login.module.css';
import { returnPath } from './returnPath';
import { isSessionValid } from './session';
import { useSessionStore } from './sessionStore';

type Tab = 'login' | 'password';

/** The /login route (lazy-loaded): log in, or change the password (spec 001 §2). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useSessionStore((s) => isSessionValid(s.session, Date.now()));
  const [tab, setTab] = useState<Tab>('login');
  const [username, setUsername] = useState<string>();

  if (loggedIn) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <main className={styles.page}>
      <div className={styles.language}>
        <LanguageSwitch />
      </div>
      <section className={styles.card}>
        <header className={styles.brand}>
          <img className={styles.logo} src="/favicon.svg" alt="" />
          <div>
            <Typography.Title level={3} className={styles.title}>
              {t('app.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
          </div>
        </header>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            {
              key: 'login',
              label: <span data-testid="login-tab-login">{t('login.tabLogin')}</span>,
              children: (
                <LoginForm
                  key={username}
                  initialUsername={username}
                  onLoggedIn={() => navigate(returnPath(location.state), { replace: true })}
                />
              ),
            },
            {
              key: 'password',
              label: <span data-testid="login-tab-password">{t('login.tabChangePassword')}</span>,
              children: (
                <ChangePasswordForm
                  mode="login-page"
                  onChanged={(name) => {
                    setUsername(name);
                    setTab('login');
                  }}
                />
              ),
            },
          ]}
        />
      </section>
    </main>
  );
}
