import { MailOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../shared/config';

/**
 * The HD quota dialog (spec 000 §2, texts of §8): the daily HD quota is spent (602) or the account
 * has no full-HD subscription (403); either way the mosaic stays at zoom 12, and more comes from
 * sales — the sales mailbox the deployment configures (SALES_EMAIL), not technical support.
 * Loaded on demand (its own chunk).
 */
export default function HdQuotaDialog(props: { refusal: 'quotaSpent' | 'notSubscribed'; onClose(): void }) {
  const { t } = useTranslation();
  const mailbox = runtimeConfig().salesEmail ?? t('hdMap.salesMailbox');
  return (
    <Modal
      open
      title={t('hdMap.quotaTitle')}
      onCancel={props.onClose}
      data-testid="hd-quota-dialog"
      footer={[
        <Button key="close" onClick={props.onClose} data-testid="hd-quota-close">
          {t('hdMap.close')}
        </Button>,
        <Button
          key="sales"
          type="primary"
          icon={<MailOutlined />}
          href={`mailto:${mailbox}`}
          data-testid="hd-quota-contact"
        >
          {t('hdMap.contactSales')}
        </Button>,
      ]}
    >
      <p data-testid="hd-quota-text" data-refusal={props.refusal}>
        {t(props.refusal === 'quotaSpent' ? 'hdMap.quota602' : 'hdMap.quota403')}
      </p>
      <p>
        <a href={`mailto:${mailbox}`}>{mailbox}</a>
      </p>
    </Modal>
  );
}
