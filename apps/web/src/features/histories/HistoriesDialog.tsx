import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AoiSearchHistory } from './AoiSearchHistory';
import { ArchiveSearchHistory } from './ArchiveSearchHistory';

/** The histories opened from the AOI centre's history icon: AOI searches first, then archive searches. */
export default function HistoriesDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('history.title')} footer={null} onCancel={onClose} destroyOnHidden width={520}>
      <Tabs
        items={[
          {
            key: 'aoi',
            label: <span data-testid="history-tab-aoi">{t('history.aoiTitle')}</span>,
            children: <AoiSearchHistory />,
          },
          {
            key: 'archive',
            label: <span data-testid="history-tab-archive">{t('history.archiveTitle')}</span>,
            children: <ArchiveSearchHistory />,
          },
        ]}
      />
    </Modal>
  );
}
