import { CloseOutlined, DownOutlined, ExportOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Dropdown, Select, Space, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/download';
import { dayIn } from '../../shared/format/days';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { usePanelStore } from '../../shared/panelStore';
import { useToast } from '../../shared/ui/toast';
import { useTimeFormat } from '../auth/useTimeFormat';
import { useCartStore } from '../cart/cartStore';
import { OrderButton } from '../cart/OrderButton';
import { useOrderDialogStore } from '../ordering/orderDialogStore';
import { ResultList } from './ResultList';
import { isResultsBoxShown } from './resultsBox';
import { exportFileName, scenesCsv, scenesGeoJson } from './sceneExport';
import styles from './search.module.css';
import { cartSearchOf, type SortChoice, sortChoices, useArchiveSearchStore } from './searchStore';
import { useArchiveSearchActions } from './useArchiveSearch';
import { useResultPages } from './useResultPages';
import { useResultsFit } from './useResultsFit';

/** DESIGN §9: "select all" is offered while fewer than 500 scenes are loaded. */
export const selectAllBelow = 500;

const sortLabel = {
  'time,desc': 'results.sortTimeDesc',
  'time,asc': 'results.sortTimeAsc',
  'cc,asc': 'results.sortCloud',
  'ona,asc': 'results.sortOffNadir',
  'gsd,asc': 'results.sortGsd',
} as const satisfies Record<SortChoice, string>;

/** The result list box on the map (spec 000 §2 "Result list"), beside the open side panel. */
export function ResultsPanel() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const message = useToast();
  const { timeZone } = useTimeFormat();
  const openPanel = usePanelStore((s) => s.openPanel);
  const besidePanel = openPanel !== null;
  const {
    results,
    resultsOpen,
    resultsCollapsed,
    centreTab,
    onView,
    highlight,
    sort,
    setResultsOpen,
    setResultsCollapsed,
    setOnView,
    setSort,
    setHighlight,
  } = useArchiveSearchStore();
  const cart = useCartStore((s) => s.scenes);
  const { search } = useArchiveSearchActions();
  const { more, openSubscription } = useResultPages();
  const onViewSet = useMemo(() => new Set(onView), [onView]);
  const listShown = results !== null && resultsOpen && isResultsBoxShown(openPanel, centreTab);
  useResultsFit(results, listShown);

  if (!results || !listShown) return null;
  const { images, count, ac } = results;
  const selected = images.filter((scene) => cart.has(scene.sceneId));
  const allSelected = selected.length === images.length;

  const exportAs = (format: 'csv' | 'geojson') => {
    if (selected.length === 0) {
      void message.warning({ key: 'results', content: t('tip.selectOneScene') });
      return;
    }
    const text = format === 'csv' ? scenesCsv(selected) : scenesGeoJson(selected);
    const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/geo+json';
    // A byte-order mark lets spreadsheet programs read the CSV as UTF-8.
    saveFile(
      new Blob(format === 'csv' ? ['\uFEFF', text] : [text], { type }),
      exportFileName(format, dayIn(new Date(), timeZone)),
    );
  };

  const show = () => {
    const ids = selected.filter((s) => s.inGeoServer).map((s) => s.sceneId);
    if (ids.length === 0) {
      void message.warning({ key: 'results', content: t('tip.selectOneScene') });
      return;
    }
    setOnView(ids, true);
  };

  return (
    <section
      className={[
        styles.results,
        besidePanel ? styles.resultsBesidePanel : '',
        resultsCollapsed ? styles.resultsCollapsed : '',
      ].join(' ')}
      data-testid="results-panel"
      data-collapsed={resultsCollapsed}
      data-map-cover
      aria-label={t('results.title')}
    >
      <header className={styles.resultsHeader}>
        <h3 className={styles.resultsTitle} data-testid="results-title">
          {results.mode.kind === 'subscription'
            ? t('subscriptionCentre.itemsTitle', { name: results.mode.name })
            : t('results.title')}
        </h3>
        <span className={styles.resultsHeaderButtons}>
          {/* Folded to its header and totals, the box frees the map behind it and keeps the results. */}
          <Tooltip title={t(resultsCollapsed ? 'results.expand' : 'results.collapse')}>
            <Button
              type="text"
              size="small"
              icon={resultsCollapsed ? <DownOutlined /> : <UpOutlined />}
              aria-label={t(resultsCollapsed ? 'results.expand' : 'results.collapse')}
              aria-expanded={!resultsCollapsed}
              onClick={() => setResultsCollapsed(!resultsCollapsed)}
              data-testid="results-collapse"
            />
          </Tooltip>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('common.close')}
            onClick={() => setResultsOpen(false)}
            data-testid="results-close"
          />
        </span>
      </header>
      <div className={styles.resultsSummary}>
        <span>
          {t('results.total')}: <strong data-testid="results-total">{formatNumber(count, language)}</strong>
        </span>
        <span>
          {t('results.loaded')}:{' '}
          <strong data-testid="results-loaded">{formatNumber(images.length, language)}</strong>
        </span>
        {ac !== null && (
          <span>
            {t('results.coverage')}:{' '}
            <strong data-testid="results-coverage">{formatNumber(ac, language, 2)}%</strong>
          </span>
        )}
      </div>
      <div className={styles.resultsBody} hidden={resultsCollapsed} data-testid="results-body">
        <div className={styles.resultsActions}>
          {images.length < selectAllBelow && (
            <Checkbox
              checked={allSelected}
              indeterminate={selected.length > 0 && !allSelected}
              onChange={(e) =>
                e.target.checked
                  ? useCartStore.getState().add(images, cartSearchOf(results))
                  : useCartStore.getState().remove(images.map((s) => s.sceneId))
              }
              data-testid="results-select-all"
            >
              {t('results.selectAll')}
            </Checkbox>
          )}
          <Space size={4} wrap>
            <Tooltip title={t('results.showHint')}>
              <Button size="small" onClick={show} data-testid="results-show">
                {t('results.show')}
              </Button>
            </Tooltip>
            <Button
              size="small"
              onClick={() => {
                setOnView(onView, false);
                setHighlight(null);
              }}
              disabled={onView.length === 0}
              data-testid="results-hide"
            >
              {t('results.hide')}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'csv', label: <span data-testid="export-csv">{t('results.exportCsv')}</span> },
                  {
                    key: 'geojson',
                    label: <span data-testid="export-geojson">{t('results.exportGeojson')}</span>,
                  },
                ],
                onClick: ({ key }) => exportAs(key as 'csv' | 'geojson'),
              }}
            >
              <Button size="small" icon={<ExportOutlined />} data-testid="results-export">
                {t('results.export', { count: selected.length })} <DownOutlined />
              </Button>
            </Dropdown>
            <OrderButton
              onOrder={() => useOrderDialogStore.getState().openArchive()}
              testId="results-order"
            />
          </Space>
          {results.mode.kind !== 'ids' && (
            <Select
              size="small"
              className={styles.sort}
              value={sort}
              aria-label={t('results.sort')}
              onChange={(value: SortChoice) => {
                setSort(value);
                if (results.mode.kind === 'aoi') search.mutate(results.mode);
                if (results.mode.kind === 'subscription') openSubscription.mutate(results.mode);
              }}
              options={sortChoices.map((value) => ({ value, label: t(sortLabel[value]) }))}
              data-testid="results-sort"
            />
          )}
        </div>
        <ResultList
          scenes={images}
          timeZone={timeZone}
          onView={onViewSet}
          highlight={highlight}
          onToggleView={(scene) => {
            const shown = onViewSet.has(scene.sceneId);
            setOnView([scene.sceneId], !shown);
            setHighlight(shown ? null : scene.sceneId);
          }}
          onHover={(sceneId) => useArchiveSearchStore.getState().setHovered(sceneId)}
          onDownload={(scene) => {
            if (scene.quicklookUrl) window.open(scene.quicklookUrl, '_blank', 'noopener');
          }}
        />
        {results.more && (
          <Button
            block
            className={styles.getMore}
            loading={more.isPending}
            onClick={() => more.mutate()}
            data-testid="results-more"
          >
            {t('results.getMore')}
          </Button>
        )}
      </div>
    </section>
  );
}
