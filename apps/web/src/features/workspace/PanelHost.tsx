import { CloseOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelStore } from '../../shared/panelStore';
import { panels } from './panels';
import styles from './workspace.module.css';

/** The open side panel, if any: its title, a close button and its (lazily loaded) content. */
export function PanelHost() {
  const { t } = useTranslation();
  const openPanel = usePanelStore((s) => s.openPanel);
  const close = usePanelStore((s) => s.close);
  const panel = panels.find((p) => p.id === openPanel);
  if (!panel) return null;

  const { id, titleKey, Content } = panel;
  return (
    <section
      className={styles.panel}
      data-testid={`panel-${id}`}
      aria-labelledby={`panel-title-${id}`}
      data-map-cover
    >
      <header className={styles.panelHeader}>
        <h2 id={`panel-title-${id}`} className={styles.panelTitle}>
          {t(titleKey)}
        </h2>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('common.close')}
          data-testid="panel-close"
          onClick={close}
        />
      </header>
      <div className={styles.panelBody}>
        <Suspense fallback={<Spin className={styles.panelLoading} />}>
          <Content />
        </Suspense>
      </div>
    </section>
  );
}
