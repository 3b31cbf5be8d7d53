import { DeleteOutlined, MinusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { ArchiveScene } from '@satportal/contract';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, translateNested } from '../../api/messages';
import type { TranslationKey } from '../../i18n/keys';
import { useMapController } from '../../map/react/mapControllerContext';
import { useMapEvent } from '../../map/react/useMapEvents';
import { formatDateTime } from '../../shared/format/dates';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useTimeFormat } from '../auth/useTimeFormat';
import { type CartFigures, emptyCartFigures, formatAmount, formatArea } from './areaCalculation';
import styles from './cart.module.css';
import { useCartStore } from './cartStore';
import { OrderButton } from './OrderButton';
import { useAreaCalculation } from './useAreaCalculation';

/** The figures in the order of spec 000 §3's response, then the gap and the estimate. */
const figureRows = [
  ['totalArea', 'cart.totalArea'],
  ['overlapArea', 'cart.overlapArea'],
  ['orderArea', 'cart.orderArea'],
  ['overlapChargeableArea', 'cart.chargeableOverlap'],
  ['gapArea', 'cart.gapArea'],
] as const satisfies ReadonlyArray<readonly [keyof CartFigures, string]>;

/**
 * The cart box (spec 000 §2 "Cart box with area calculation"): the cart's scenes, each with a
 * delete, a clear-all, the figures of the area calculation (whole scenes, the estimate at the
 * lowest level) and "Order (n)"; the AOI part no cart scene covers is drawn on the map. Minimised,
 * it is a button with the count; emptied, it shows zeros until closed.
 */
export default function CartBox({ onOrder }: { onOrder: () => void }) {
  const { t } = useTranslation();
  const scenes = useCartStore((s) => s.scenes);
  const boxOpen = useCartStore((s) => s.boxOpen);

  if (!boxOpen) {
    if (scenes.size === 0) return null;
    return (
      <Button
        className={styles.pill}
        icon={<ShoppingCartOutlined />}
        onClick={() => useCartStore.getState().setBoxOpen(true)}
        data-testid="cart-open"
        data-map-cover
      >
        {t('cart.pill', { count: scenes.size })}
      </Button>
    );
  }
  return <OpenCartBox onOrder={onOrder} />;
}

function OpenCartBox({ onOrder }: { onOrder: () => void }) {
  const { t, i18n } = useTranslation();
  const [language] = useLanguage();
  const { timeZone } = useTimeFormat();
  const controller = useMapController();
  const scenes = useCartStore((s) => s.scenes);
  const { remove, clear, setBoxOpen } = useCartStore.getState();
  const { response, calculating, error } = useAreaCalculation({ clipping: false });
  const figures: CartFigures = response ?? emptyCartFigures;
  const gap = response?.gap ?? null;
  const gapLabel =
    response?.gapArea != null ? t('cart.gapLabel', { area: formatArea(response.gapArea, language) }) : '';

  useEffect(() => {
    controller?.showOrderAreas({ gap: gap ? { geojson: gap, label: gapLabel } : null });
  }, [controller, gap, gapLabel]);
  useEffect(() => () => controller?.showOrderAreas({ gap: null }), [controller]);
  // What the map draws now (the end-to-end tests read it from the box).
  const drawn = useMapEvent(controller, 'orderAreasChanged', () => ({ gap: null, enlargedAoi: null }));

  const failure = (() => {
    if (!error) return null;
    const exists = (key: string) => i18n.exists(key);
    const { key, params } = messageOf(error, exists);
    const translate = (k: string, p: Record<string, string | number>) => i18n.t(k as TranslationKey, p);
    return translate(key, translateNested(params, exists, translate));
  })();

  return (
    <section
      className={styles.box}
      data-testid="cart-box"
      data-map-cover
      data-gap-drawn={drawn.gap ?? undefined}
      aria-label={t('cart.title')}
    >
      <header className={styles.header}>
        <ShoppingCartOutlined />
        <h3 className={styles.title}>
          {t('cart.title')} <span data-testid="cart-count">{formatNumber(scenes.size, language)}</span>
        </h3>
        <Button
          type="text"
          size="small"
          icon={<MinusOutlined />}
          aria-label={t('cart.minimise')}
          onClick={() => setBoxOpen(false)}
          data-testid="cart-minimise"
        />
      </header>
      {scenes.size === 0 ? (
        <p className={styles.empty} data-testid="cart-empty">
          {t('cart.empty')}
        </p>
      ) : (
        <ul className={styles.scenes} data-testid="cart-scenes">
          {[...scenes.values()].map((scene) => (
            <CartScene
              key={scene.sceneId}
              scene={scene}
              timeZone={timeZone}
              onRemove={() => remove([scene.sceneId])}
            />
          ))}
        </ul>
      )}
      <dl className={styles.figures} data-testid="cart-figures" data-calculating={calculating}>
        {figureRows.map(([name, label]) => {
          const value = figures[name] ?? 0;
          return (
            <Figure key={name} name={name} label={t(label)} value={value} gap={name === 'gapArea'}>
              {formatArea(value, language)}
            </Figure>
          );
        })}
        <Figure
          name="estimatedOrderAmount"
          label={t('cart.estimatedAmount')}
          value={figures.estimatedOrderAmount}
          amount
        >
          {formatAmount(figures.estimatedOrderAmount, figures.currencyType, language)}
        </Figure>
      </dl>
      <div className={styles.status} data-testid="cart-status">
        {calculating ? t('cart.calculating') : scenes.size > 0 ? t('cart.figuresHint') : ''}
      </div>
      {failure && (
        <div className={styles.error} role="alert" data-testid="cart-error">
          {failure}
        </div>
      )}
      <div className={styles.actions}>
        <Popconfirm
          title={t('cart.clearConfirm')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={clear}
          disabled={scenes.size === 0}
          okButtonProps={{ ...{ 'data-testid': 'cart-clear-confirm' } }}
        >
          <Button size="small" danger disabled={scenes.size === 0} data-testid="cart-clear">
            {t('cart.clear')}
          </Button>
        </Popconfirm>
        <OrderButton onOrder={onOrder} testId="cart-order" />
      </div>
    </section>
  );
}

function Figure(props: {
  name: string;
  label: string;
  value: number | null;
  children: string;
  gap?: boolean;
  amount?: boolean;
}) {
  const className = props.amount ? styles.amount : props.gap ? styles.gap : undefined;
  return (
    <>
      <dt>{props.label}</dt>
      <dd className={className} data-testid={`cart-figure-${props.name}`} data-value={props.value ?? 0}>
        {props.children}
      </dd>
    </>
  );
}

function CartScene({
  scene,
  timeZone,
  onRemove,
}: {
  scene: ArchiveScene;
  timeZone: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <li className={styles.scene} data-testid="cart-scene" data-scene-id={scene.sceneId}>
      <div className={styles.sceneText}>
        <div className={styles.sceneId} title={scene.sceneId}>
          {scene.sceneId}
        </div>
        <div className={styles.sceneMeta}>
          <span>{formatDateTime(scene.time, timeZone, 'minute')}</span>
          <span>{scene.satName}</span>
          <span>{t('results.gsd', { value: formatNumber(scene.imageGsd, language, 2) })}</span>
        </div>
      </div>
      <Tooltip title={t('cart.delete')}>
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('cart.delete')}
          onClick={onRemove}
          data-testid="cart-scene-delete"
        />
      </Tooltip>
    </li>
  );
}
