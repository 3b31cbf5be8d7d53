import { CloudDownloadOutlined } from '@ant-design/icons';
import type { ArchiveScene } from '@satportal/contract';
import { Button, Checkbox, Tooltip } from 'antd';
import { type UIEvent, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useCartStore } from '../cart/cartStore';
import { type ResultRow, resultRows, rowHeights, rowOffsets, visibleRange } from './resultRows';
import { SceneViewButton } from './SceneViewButton';
import styles from './search.module.css';
import { cartSearchOf, useArchiveSearchStore } from './searchStore';

/** A scene's hover feedback waits this long before the name tooltip (spec 000 §2). */
export const hoverTooltipDelayS = 0.5;

interface ResultListProps {
  scenes: readonly ArchiveScene[];
  timeZone: string;
  onView: ReadonlySet<string>;
  highlight: string | null;
  onToggleView(scene: ArchiveScene): void;
  onHover(sceneId: string | null): void;
  onDownload(scene: ArchiveScene): void;
}

/**
 * The scenes grouped by date, then satellite, in one column (spec 000 §2), windowed by hand: only
 * the rows in view (and a few around) are in the DOM, so 1000 results scroll as smoothly as 10.
 */
export function ResultList(props: ResultListProps) {
  const { scenes, timeZone } = props;
  const rows = useMemo(() => resultRows(scenes, timeZone), [scenes, timeZone]);
  const offsets = useMemo(() => rowOffsets(rows), [rows]);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  // The list's height follows the window (the box stretches between the map's top and bottom rows).
  // The observer reports the first size too, after the browser's layout: reading the height while
  // React commits would force a layout of the whole page first. One observer for the element's life
  // (a stable ref callback), not one per render.
  const measure = useCallback((element: HTMLDivElement) => {
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const [first, last] = visibleRange(offsets, scrollTop, height);

  return (
    <div
      ref={measure}
      className={styles.list}
      onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
      data-testid="result-list"
      data-rows={rows.length}
    >
      <div style={{ height: offsets[rows.length], position: 'relative' }}>
        {rows.slice(first, last + 1).map((row, i) => (
          <div
            key={row.key}
            className={styles.rowSlot}
            style={{ top: offsets[first + i], height: rowHeights[row.kind] }}
          >
            <Row row={row} {...props} />
          </div>
        ))}
      </div>
    </div>
  );
}

function Row({ row, scenes, ...props }: ResultListProps & { row: ResultRow }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const cart = useCartStore((s) => s.scenes);
  const { add, remove, toggle } = useCartStore.getState();
  const results = useArchiveSearchStore((s) => s.results);
  const search = results ? cartSearchOf(results) : undefined;

  if (row.kind === 'date') {
    return (
      <div className={styles.dateRow} data-testid="result-date">
        <span>{row.day}</span>
        <span className={styles.muted}>{t('results.sceneCount', { count: row.count })}</span>
      </div>
    );
  }
  if (row.kind === 'satellite') {
    const inCart = row.sceneIds.filter((id) => cart.has(id)).length;
    return (
      <div
        className={styles.satRow}
        data-testid="result-sat-group"
        data-sat-name={row.satName}
        data-count={row.sceneIds.length}
      >
        <Checkbox
          checked={inCart === row.sceneIds.length}
          indeterminate={inCart > 0 && inCart < row.sceneIds.length}
          onChange={(e) => {
            if (e.target.checked) {
              const ids = new Set(row.sceneIds);
              add(
                scenes.filter((s) => ids.has(s.sceneId)),
                search,
              );
            } else remove(row.sceneIds);
          }}
          aria-label={t('results.groupCheck', { name: row.satName })}
        />
        <span className={styles.satName}>{row.satName}</span>
        <span className={styles.muted}>{row.sceneIds.length}</span>
      </div>
    );
  }

  const { scene } = row;
  const shown = props.onView.has(scene.sceneId);
  const number = (value: number | null, decimals = 0) =>
    value === null ? t('common.notSet') : formatNumber(value, language, decimals);
  return (
    <Tooltip title={scene.sceneId} mouseEnterDelay={hoverTooltipDelayS} placement="right">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only outlines the footprint; the row's checkbox and buttons are the keyboard path */}
      <div
        className={`${styles.sceneRow} ${props.highlight === scene.sceneId ? styles.sceneRowHighlight : ''}`}
        onMouseEnter={() => props.onHover(scene.sceneId)}
        onMouseLeave={() => props.onHover(null)}
        data-testid="result-scene"
        data-scene-id={scene.sceneId}
      >
        <Checkbox
          checked={cart.has(scene.sceneId)}
          onChange={() => toggle(scene, search)}
          aria-label={t('results.addToCart')}
          data-testid="scene-cart"
        />
        <div className={styles.sceneText}>
          <div className={styles.sceneId}>{scene.sceneId}</div>
          <div className={styles.sceneMeta}>
            <span>{formatDateTime(scene.time, props.timeZone)}</span>
          </div>
          <div className={styles.sceneMeta}>
            <span>{t('results.gsd', { value: number(scene.imageGsd, 2) })}</span>
            <span>{t('results.cc', { value: number(scene.cc, 1) })}</span>
            <span>{t('results.ona', { value: number(scene.ona, 1) })}</span>
            {scene.ac !== null && <span>{t('results.ac', { value: number(scene.ac, 2) })}</span>}
          </div>
        </div>
        {scene.inGeoServer ? (
          <SceneViewButton shown={shown} onToggle={() => props.onToggleView(scene)} testId="scene-view" />
        ) : (
          <Button
            type="text"
            size="small"
            icon={<CloudDownloadOutlined />}
            aria-label={t('results.download')}
            disabled={!scene.quicklookUrl}
            onClick={() => props.onDownload(scene)}
            data-testid="scene-download"
          />
        )}
      </div>
    </Tooltip>
  );
}
