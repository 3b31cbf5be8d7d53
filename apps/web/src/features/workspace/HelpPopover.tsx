import { MailOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../shared/config';
import styles from './workspace.module.css';

/** Help on hover: the technical-support mailbox (spec 000 §1), as the deployment configures it. */
export function HelpPopover() {
  const { t } = useTranslation();
  const mailbox = runtimeConfig().supportEmail ?? t('help.mailbox');
  return (
    <Popover
      placement="rightBottom"
      title={t('help.support')}
      content={
        <div className={styles.help} data-testid="help-content">
          <p>{t('help.supportHint')}</p>
          <a href={`mailto:${mailbox}`} data-testid="help-mailbox">
            <MailOutlined /> {mailbox}
          </a>
        </div>
      }
    >
      <Button type="text" icon={<QuestionCircleOutlined />} aria-label={t('help.title')} data-testid="help" />
    </Popover>
  );
}
