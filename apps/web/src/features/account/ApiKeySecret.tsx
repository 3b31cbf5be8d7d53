import { CopyOutlined } from '@ant-design/icons';
import type { ApiKeyCreated } from '@satportal/contract';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../shared/ui/toast';
import styles from './account.module.css';

/**
 * A new API key's text, shown this once (only its digest is stored): a copy button and the warning
 * that it will not be shown again. Closed only by its button, not by a click beside it.
 */
export function ApiKeySecret({ created, onClose }: { created: ApiKeyCreated | null; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      void toast.success(t('apiKey.copied'));
    } catch {
      void toast.error(t('apiKey.copyFailed'));
    }
  };
  return (
    <Modal
      open={created !== null}
      title={t('apiKey.createdTitle')}
      maskClosable={false}
      keyboard={false}
      closable={false}
      destroyOnHidden
      // Wide enough for the whole key (56 characters) in one monospace line.
      width={640}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t('apiKey.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('apiKey.shownOnce')} data-testid="api-key-shown-once" />
      <Space.Compact block className={styles.secretRow}>
        <Input
          readOnly
          className={styles.secretKey}
          value={created?.key ?? ''}
          data-testid="api-key-secret"
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="api-key-copy">
          {t('apiKey.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
