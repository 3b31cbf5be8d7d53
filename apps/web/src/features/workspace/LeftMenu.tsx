import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { useSubscriptionUnread } from '../subscriptions/useSubscriptionUnread';
import { AppVersion } from './AppVersion';
import { HelpPopover } from './HelpPopover';
import { panels } from './panels';
import styles from './workspace.module.css';

/** The left menu: one button per panel (toggling), then language, help and the app version. */
export function LeftMenu() {
  const { t } = useTranslation();
  const openPanel = usePanelStore((s) => s.openPanel);
  const toggle = usePanelStore((s) => s.toggle);
  const subscriptionsUnread = useSubscriptionUnread();

  return (
    <nav className={styles.leftMenu}>
      <img className={styles.logo} src="/favicon.svg" alt={t('app.title')} />
      <ul className={styles.menuItems}>
        {panels.map(({ id, titleKey, Icon }) => (
          <li key={id} className={styles.menuEntry}>
            <Tooltip title={t(titleKey)} placement="right">
              <Button
                type="text"
                className={openPanel === id ? `${styles.menuItem} ${styles.menuItemOpen}` : styles.menuItem}
                icon={<Icon />}
                aria-label={t(titleKey)}
                aria-pressed={openPanel === id}
                data-testid={`menu-${id}`}
                onClick={() => toggle(id)}
              />
            </Tooltip>
            {id === PanelId.SubscriptionCentre && subscriptionsUnread && (
              <span className={styles.unreadDot} data-testid="subscription-dot" />
            )}
          </li>
        ))}
      </ul>
      <div className={styles.menuFooter}>
        <LanguageSwitch />
        <HelpPopover />
        <AppVersion />
      </div>
    </nav>
  );
}
