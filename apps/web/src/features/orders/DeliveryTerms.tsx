import { CopyOutlined, DownloadOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { OrderTerms } from '@satportal/contract';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useToast } from '../../shared/ui/toast';
import { downloadOf, megabytes, type OrderDetailScene, termStateKey } from './orderCentre';
import styles from './orders.module.css';
import { usePackageDownload } from './useOrders';

interface DeliveryTermsProps {
  terms: OrderTerms[];
  tasking: boolean;
  timeZone: string;
  /** Scenes whose footprint is on the map. */
  shown: ReadonlySet<string>;
  onToggleScene(scene: OrderDetailScene): void;
}

/** The terms of delivery (spec 001 §2 "Order detail"): one entry per scene (archive) or pass (tasking). */
export function DeliveryTerms({ terms, tasking, timeZone, shown, onToggleScene }: DeliveryTermsProps) {
  const { t } = useTranslation();
  return (
    <section data-testid="order-terms">
      <h4 className={styles.sectionTitle}>{t('orderCentre.terms')}</h4>
      {terms.map((entry, index) => (
        <TermsEntry
          key={entry.id}
          entry={entry}
          index={index + 1}
          tasking={tasking}
          timeZone={timeZone}
          shown={shown}
          onToggleScene={onToggleScene}
        />
      ))}
    </section>
  );
}

function TermsEntry({
  entry,
  index,
  tasking,
  timeZone,
  shown,
  onToggleScene,
}: Omit<DeliveryTermsProps, 'terms'> & { entry: OrderTerms; index: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const download = usePackageDownload();
  const offer = downloadOf(entry, new Date());
  return (
    <div className={styles.terms} data-testid="order-terms-entry" data-state={entry.state}>
      <div className={styles.termsHead}>
        <span className={styles.termsTitle}>{t('orderCentre.termsEntry', { index })}</span>
        <Tag data-testid="order-terms-state">{t(termStateKey(entry.state))}</Tag>
        {offer.kind === 'download' && (
          <Button
            size="small"
            type="primary"
            icon={<DownloadOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate(offer.url)}
            data-testid="order-download"
          >
            {t('orderCentre.download')}
          </Button>
        )}
        {offer.kind === 'expired' && (
          <Tag color="default" data-testid="order-download-expired">
            {t('orderCentre.downloadExpired')}
          </Tag>
        )}
      </div>
      {(entry.pkgLng !== null || entry.expires) && (
        <div className={styles.termsMeta}>
          {entry.pkgLng !== null && (
            <span data-testid="order-package-size">
              {t('orderCentre.size')}: {formatNumber(megabytes(entry.pkgLng), language, 2)} MB
            </span>
          )}
          {entry.expires && (
            <span>
              {t('orderCentre.expiry')}: {formatDateTime(entry.expires, timeZone, 'minute')}
            </span>
          )}
        </div>
      )}
      <ul className={styles.scenes}>
        {entry.ips.map((scene) => (
          <SceneRow
            key={scene.sceneId}
            scene={scene}
            timeZone={timeZone}
            onMap={shown.has(scene.sceneId)}
            onToggle={() => onToggleScene(scene)}
          />
        ))}
      </ul>
      {tasking && entry.pass && <ShootingProcess entry={entry} timeZone={timeZone} />}
    </div>
  );
}

function SceneRow({
  scene,
  timeZone,
  onMap,
  onToggle,
}: {
  scene: OrderDetailScene;
  timeZone: string;
  onMap: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(scene.sceneId);
      void toast.success(t('orderCentre.copied'));
    } catch {
      void toast.error(t('orderCentre.copyFailed'));
    }
  };
  // Units are symbols, the same in every language.
  const number = (value: number | null, unit: ' %' | '°') =>
    value === null ? t('common.notSet') : `${formatNumber(value, language, 1)}${unit}`;
  return (
    <li className={styles.scene} data-testid="order-scene" data-scene-id={scene.sceneId}>
      <div className={styles.sceneHead}>
        <span className={styles.sceneId} title={scene.sceneId}>
          {scene.sceneId}
        </span>
        <Tooltip title={onMap ? t('orderCentre.hideFromMap') : t('orderCentre.showOnMap')}>
          <Button
            size="small"
            type={onMap ? 'primary' : 'text'}
            icon={onMap ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            aria-label={onMap ? t('orderCentre.hideFromMap') : t('orderCentre.showOnMap')}
            aria-pressed={onMap}
            onClick={onToggle}
            data-testid="order-scene-map"
          />
        </Tooltip>
        <Tooltip title={t('orderCentre.copyId')}>
          <Button
            size="small"
            type="text"
            icon={<CopyOutlined />}
            aria-label={t('orderCentre.copyId')}
            onClick={() => void copy()}
            data-testid="order-scene-copy"
          />
        </Tooltip>
      </div>
      <dl className={styles.sceneFacts}>
        <dt>{t('orderCentre.sceneTime')}</dt>
        <dd>{formatDateTime(scene.time, timeZone, 'minute')}</dd>
        <dt>{t('tasking.satellite')}</dt>
        <dd>{scene.satName}</dd>
        <dt>{t('tasking.resolution')}</dt>
        <dd>{formatNumber(scene.imageGsd, language, 2)} m</dd>
        <dt>{t('orderCentre.cloud')}</dt>
        <dd>{number(scene.cc, ' %')}</dd>
        <dt>{t('orderCentre.angle')}</dt>
        <dd>{number(scene.ona, '°')}</dd>
        <dt>{t('search.quality')}</dt>
        <dd>{scene.productQuality}</dd>
      </dl>
    </li>
  );
}

/** A tasking entry's pass and, when it was not shot, why (spec 001 §2 shooting process), collapsed at first. */
function ShootingProcess({ entry, timeZone }: { entry: OrderTerms; timeZone: string }) {
  const { t } = useTranslation();
  const pass = entry.pass;
  if (!pass) return null;
  const shot = entry.ips[0];
  const status =
    entry.notShotReasons.length > 0
      ? t('orderCentre.notShot')
      : shot
        ? t('orderCentre.shot')
        : t('orderCentre.waiting');
  // A pass not refused shows its own facts: the cloud met once shot, the forecast before.
  const passFacts: PassFacts = {
    time: pass.enterTime,
    durationSeconds: (Date.parse(pass.leaveTime) - Date.parse(pass.enterTime)) / 1000,
    cloudCover: shot ? shot.cc : pass.cloudForecast,
    roll: pass.offNadirAngle,
  };
  // A native disclosure: antd's Collapse would split an icon shared with the first load into a chunk of its own.
  return (
    <details className={styles.shooting}>
      <summary data-testid="order-shooting">
        {t('orderCentre.shooting')} · {pass.satName} · {formatDateTime(pass.enterTime, timeZone, 'minute')} ·{' '}
        {status}
      </summary>
      <ul className={styles.reasons}>
        {entry.notShotReasons.map((reason) => (
          <li key={`${reason.reason}-${reason.visibleTimeAndDuration.time}`} data-testid="order-not-shot">
            <strong>{t(`orderCentre.reason.${reason.reason}`)}</strong>
            <ShootingFacts facts={{ ...reason.visibleTimeAndDuration, ...reason }} timeZone={timeZone} />
          </li>
        ))}
        {entry.notShotReasons.length === 0 && (
          <li data-testid="order-pass">
            <strong>{status}</strong>
            <ShootingFacts facts={passFacts} timeZone={timeZone} />
          </li>
        )}
      </ul>
    </details>
  );
}

interface PassFacts {
  time: string;
  durationSeconds: number;
  cloudCover: number | null;
  roll: number | null;
}

/** Visible time and duration, cloud cover and roll of a pass (spec 001 §2 shooting-process list). */
function ShootingFacts({ facts, timeZone }: { facts: PassFacts; timeZone: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const degrees = (value: number | null) =>
    value === null ? t('common.notSet') : `${formatNumber(value, language, 1)}°`;
  return (
    <dl className={styles.sceneFacts}>
      <dt>{t('orderCentre.visibleTime')}</dt>
      <dd>
        {t('orderCentre.duration', {
          time: formatDateTime(facts.time, timeZone, 'minute'),
          seconds: formatNumber(facts.durationSeconds, language),
        })}
      </dd>
      <dt>{t('orderCentre.cloudCover')}</dt>
      <dd>
        {facts.cloudCover === null ? t('common.notSet') : `${formatNumber(facts.cloudCover, language, 1)} %`}
      </dd>
      <dt>{t('orderCentre.roll')}</dt>
      <dd>{degrees(facts.roll)}</dd>
    </dl>
  );
}
