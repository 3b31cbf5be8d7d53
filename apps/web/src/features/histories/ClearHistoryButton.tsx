import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './histories.module.css';
import { useClearHistory } from './useHistories';

/** "Clear" under a history, after a confirmation. */
export function ClearHistoryButton({ which, disabled }: { which: 'aoi' | 'archive'; disabled: boolean }) {
  const { t } = useTranslation();
  const clear = useClearHistory(which);
  return (
    <div className={styles.footer}>
      <Popconfirm
        title={t('history.clearConfirm')}
        okText={t('history.clear')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, loading: clear.isPending }}
        onConfirm={() => clear.mutateAsync().catch(() => undefined)}
      >
        <Button danger icon={<DeleteOutlined />} disabled={disabled} data-testid={`history-clear-${which}`}>
          {t('history.clear')}
        </Button>
      </Popconfirm>
    </div>
  );
}
