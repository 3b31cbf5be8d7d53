import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { SubscriptionCreateForm } from '../subscription-create/SubscriptionCreateForm';
import { TaskingPanel } from '../tasking/TaskingPanel';
import { ArchiveSearchForm } from './ArchiveSearchForm';
import { type SearchCentreTab, useArchiveSearchStore } from './searchStore';

const tabs: ReadonlyArray<{ key: SearchCentreTab; labelKey: TranslationKey }> = [
  { key: 'archive', labelKey: 'search.tabArchive' },
  { key: 'tasking', labelKey: 'search.tabTasking' },
  { key: 'subscription', labelKey: 'search.tabSubscription' },
];

/**
 * Search centre (panel 1) with its tabs Archive, Tasking and AOI Subscription (spec 000 §2).
 * The tab lives in the search store: it survives closing the panel, and the archive result box
 * steps aside while another tab is shown.
 */
export default function SearchCentrePanel() {
  const { t } = useTranslation();
  const activeKey = useArchiveSearchStore((s) => s.centreTab);
  const setCentreTab = useArchiveSearchStore((s) => s.setCentreTab);
  return (
    <Tabs
      activeKey={activeKey}
      onChange={(key) => setCentreTab(key as SearchCentreTab)}
      items={tabs.map(({ key, labelKey }) => ({
        key,
        label: <span data-testid={`search-tab-${key}`}>{t(labelKey)}</span>,
        children:
          key === 'archive' ? (
            <ArchiveSearchForm />
          ) : key === 'tasking' ? (
            <TaskingPanel />
          ) : (
            <SubscriptionCreateForm />
          ),
        // Leaving the tasking tab takes its passes off the map; its store keeps the prediction.
        destroyOnHidden: key === 'tasking',
      }))}
    />
  );
}
