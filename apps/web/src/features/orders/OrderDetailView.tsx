import { ArrowLeftOutlined, StopOutlined } from '@ant-design/icons';
import { type OrderDetail, ResultCode } from '@satportal/contract';
import { Button, Descriptions, Modal, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCode } from '../../api/errors';
import { useMapController } from '../../map/react/mapControllerContext';
import { formatDateTime } from '../../shared/format/dates';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { PanelId } from '../../shared/panelStore';
import { CopyLinkButton } from '../../shared/place/CopyLinkButton';
import { noPlace } from '../../shared/place/place';
import { useToast } from '../../shared/ui/toast';
import { useTimeFormat } from '../auth/useTimeFormat';
import { DeliveryTerms } from './DeliveryTerms';
import { OrderParameters } from './OrderParameters';
import { OrderTagEditor } from './OrderTagEditor';
import {
  isCancellable,
  type OrderDetailScene,
  orderKindKey,
  statusLabelKey,
  statusTone,
} from './orderCentre';
import styles from './orders.module.css';
import { useOrderChanges, useOrderDetail } from './useOrders';

interface OrderDetailViewProps {
  id: number;
  onBack(): void;
  /** The order is not there for this user (a link to another account's order, an unknown id). */
  onMissing(): void;
}

/**
 * One order (spec 001 §2 "Order detail"), a view inside the panel with a way back to the list.
 * An order the server does not show this user — a link to another account's — is said so, then
 * the list is shown (issue 28 #6); it never tells whether the order exists.
 */
export function OrderDetailView({ id, onBack, onMissing }: OrderDetailViewProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const detail = useOrderDetail(id);
  const missing = hasCode(detail.error, ResultCode.NotFound);
  useEffect(() => {
    if (!missing) return;
    void toast.warning({ key: 'order-missing', content: t('place.orderNotFound') });
    onMissing();
  }, [missing, onMissing, toast, t]);
  return (
    <div className={styles.panel} data-testid="order-detail" data-order-id={id}>
      <Button
        className={styles.back}
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={onBack}
        data-testid="order-back"
      >
        {t('orderCentre.back')}
      </Button>
      {detail.isPending || missing ? (
        <Spin className={styles.loading} />
      ) : detail.data ? (
        <OrderDetailBody detail={detail.data} />
      ) : (
        <Result
          status="warning"
          subTitle={t('orderCentre.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{t('search.retry')}</Button>}
          data-testid="order-detail-error"
        />
      )}
    </div>
  );
}

function OrderDetailBody({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { timeZone } = useTimeFormat();
  const [modal, modalHolder] = Modal.useModal();
  const { cancel } = useOrderChanges(detail.id);
  const shown = useSceneFootprints(detail);
  const tasking = detail.type !== 1;

  const confirmCancel = () =>
    void modal.confirm({
      title: t('orderCentre.cancelTitle', { number: detail.number }),
      content: t('orderCentre.cancelContent'),
      okText: t('orderCentre.cancelOk'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'order-cancel-ok' } as object) },
      cancelText: t('orderCentre.cancelKeep'),
      onOk: () => cancel.mutateAsync().catch(() => undefined),
    });

  const aois = detail.aois.map((aoi) => (
    <div
      key={`${aoi.name}-${aoi.area}-${JSON.stringify(aoi.geometry.cors[0])}`}
      data-testid="order-detail-aoi"
    >
      {aoi.name ?? t('orderCentre.unnamed')} · {formatNumber(aoi.area, language, 2)} km²
    </div>
  ));
  const items = [
    {
      key: 'status',
      label: t('orderCentre.statusTitle'),
      children: (
        <Tag color={statusTone(detail.status)} data-testid="order-detail-status" data-status={detail.status}>
          {t(statusLabelKey(detail.status, detail.process.processMode))}
        </Tag>
      ),
    },
    { key: 'time', label: t('orderCentre.time'), children: formatDateTime(detail.time, timeZone) },
    { key: 'type', label: t('orderCentre.type'), children: t(orderKindKey(detail.type)) },
    { key: 'level', label: t('order.levels'), children: t(`order.levelShort.${detail.process.level}`) },
    {
      key: 'mode',
      label: t('order.processMode'),
      children:
        detail.process.processMode === 'STREAMING_GEOTIFF'
          ? t('order.modeStreaming')
          : t('order.modeGeotiff'),
    },
    {
      key: 'clipping',
      label: t('order.clipping'),
      children: detail.process.clipping ? t('order.yes') : t('order.no'),
    },
    ...(tasking
      ? [{ key: 'priority', label: t('order.priority'), children: t(`order.priorities.${detail.priority}`) }]
      : []),
    {
      key: 'aois',
      label: t('orderCentre.aois'),
      children: aois.length > 0 ? aois : t('orderCentre.wholeScenes'),
    },
    {
      key: 'tag',
      label: t('orderCentre.tag'),
      children: <OrderTagEditor orderId={detail.id} tag={detail.tag} />,
    },
  ];

  return (
    <>
      {modalHolder}
      <div className={styles.detailHead}>
        <h3 className={styles.detailNumber} data-testid="order-detail-number">
          {detail.number}
        </h3>
        <span className={styles.detailActions}>
          <CopyLinkButton
            place={{ ...noPlace, panel: PanelId.OrderCentre, inPanel: { order: String(detail.id) } }}
            label={t('place.copyOrderLink')}
            testId="order-copy-link"
          />
          {isCancellable(detail.status) && (
            <Button
              danger
              size="small"
              icon={<StopOutlined />}
              loading={cancel.isPending}
              onClick={confirmCancel}
              data-testid="order-cancel"
            >
              {t('orderCentre.cancel')}
            </Button>
          )}
        </span>
      </div>
      <Descriptions className={styles.facts} column={1} size="small" items={items} />
      <DeliveryTerms
        terms={detail.ippis}
        tasking={tasking}
        timeZone={timeZone}
        shown={shown.ids}
        onToggleScene={shown.toggle}
      />
      <OrderParameters detail={detail} timeZone={timeZone} />
    </>
  );
}

/**
 * The scenes whose footprint the map shows (each scene's map-view toggle); leaving the detail
 * takes them off the map.
 */
function useSceneFootprints(detail: OrderDetail) {
  const controller = useMapController();
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [fit, setFit] = useState(false);

  useEffect(() => {
    const scenes = detail.ippis.flatMap((entry) => entry.ips).filter((scene) => ids.has(scene.sceneId));
    const coordinates = scenes.flatMap((scene) => scene.boundaries.map((ring) => [ring]));
    controller?.showOrderAreas(
      { orderedScenes: coordinates.length > 0 ? { geojson: { type: 'MultiPolygon', coordinates } } : null },
      { fitOrderedScenes: fit },
    );
  }, [controller, detail, ids, fit]);
  useEffect(() => () => controller?.showOrderAreas({ orderedScenes: null }), [controller]);

  const toggle = (scene: OrderDetailScene) => {
    const next = new Set(ids);
    const on = !next.has(scene.sceneId);
    if (on) next.add(scene.sceneId);
    else next.delete(scene.sceneId);
    // A footprint switched on is brought into view; one switched off leaves the view as it is.
    setFit(on);
    setIds(next);
  };
  return { ids, toggle };
}
