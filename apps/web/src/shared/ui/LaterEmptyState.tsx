import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a panel of a later issue shows: honestly nothing yet, rather than controls that do nothing. */
export function LaterEmptyState() {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('common.laterRelease')}
      data-testid="later-release"
    />
  );
}
