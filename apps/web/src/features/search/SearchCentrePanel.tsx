import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { LaterEmptyState } from '../../shared/ui/LaterEmptyState';
import { TaskingPanel } from '../tasking/TaskingPanel';
import { ArchiveSearchForm } from './ArchiveSearchForm';

const tabs: ReadonlyArray<{ key: string; labelKey: TranslationKey }> = [
  { key: 'archive', labelKey: 'search.tabArchive' },
  { key: 'tasking', labelKey: 'search.tabTasking' },
  { key: 'subscription', labelKey: 'search.tabSubscription' },
];

/** Search centre (panel 1) with its tabs Archive, Tasking and AOI Subscription; the last arrives later. */
export default function SearchCentrePanel() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={tabs.map(({ key, labelKey }) => ({
        key,
        label: <span data-testid={`search-tab-${key}`}>{t(labelKey)}</span>,
        children:
          key === 'archive' ? (
            <ArchiveSearchForm />
          ) : key === 'tasking' ? (
            <TaskingPanel />
          ) : (
            <LaterEmptyState />
          ),
        // Leaving the tasking tab takes its passes off the map; its store keeps the prediction.
        destroyOnHidden: key === 'tasking',
      }))}
    />
  );
}
