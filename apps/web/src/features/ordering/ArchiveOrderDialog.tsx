import { type ArchiveOrderRequest, ResultCode } from '@satportal/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { hasCode, isApiError } from '../../api/errors';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useMe } from '../auth/useMe';
import { browserCartStorage } from '../cart/cartPersistence';
import { useCartStore } from '../cart/cartStore';
import { keyRefusalCodes } from './idempotencyKey';
import { OrderSummary, RulesTable } from './OrderFigures';
import {
  AgreementFields,
  type Agreements,
  noAgreements,
  OrderFooter,
  RefusalAlert,
  useIdempotencyKey,
} from './OrderParts';
import { useOrderDialogStore } from './orderDialogStore';
import { clearOrderDraft, readOrderDraft, writeOrderDraft } from './orderDraft';
import {
  archiveOrderRequest,
  defaultChoices,
  emptyRequester,
  missingRequesterField,
  type OrderChoices,
  orderRequestInfo,
  type Requester,
  sensorTypeOf,
  shortfalls,
} from './orderForm';
import styles from './ordering.module.css';
import type { OrderRefusal } from './orderMessages';
import { ProductFields } from './ProductFields';
import { RequesterBlock } from './RequesterBlock';
import { useArchiveFigures, useEnlargement } from './useArchiveOrder';
import { useOrderRefusal } from './useOrderRefusal';

/** Where the dialog keeps its choices while open: beside the cart. */
const draftStorage = browserCartStorage();

const refusalCodes = [ResultCode.AreaBelowMinimum, ResultCode.OutOfGroupRange, ResultCode.ValidationFailed];

/**
 * The order confirmation dialog for the cart's scenes (spec 001 §2), opened by the cart box's
 * "Order (n)". One idempotency key per order body in an opening: a double click or a retry never
 * makes two orders, and changed choices are a new order. Its choices are kept while it is open
 * (`orderDraft`): a reload, which reopens it from the address bar, finds them again.
 */
export function ArchiveOrderDialog() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const api = useApi();
  const user = useMe();
  const { close: closeDialog, showSuccess } = useOrderDialogStore();
  const userId = useCartStore((s) => s.userId);
  const scenes = useCartStore((s) => s.scenes);
  const search = useCartStore((s) => s.search);
  const clearCart = useCartStore((s) => s.clear);
  const sensorType = sensorTypeOf(scenes.values());
  const [draft] = useState(() => (userId === null ? null : readOrderDraft(draftStorage, userId)));
  const [choices, setChoices] = useState<OrderChoices>(draft?.choices ?? defaultChoices);
  const [requester, setRequester] = useState<Requester>(draft?.requester ?? emptyRequester);
  useEffect(() => {
    if (userId !== null) writeOrderDraft(draftStorage, userId, { choices, requester });
  }, [userId, choices, requester]);
  /** Cancelled or placed: the draft goes with the dialog. */
  const forgetDraft = () => {
    if (userId !== null) clearOrderDraft(draftStorage, userId);
  };
  const close = () => {
    forgetDraft();
    closeDialog();
  };
  const [agreements, setAgreements] = useState<Agreements>(noAgreements);
  const [refusal, setRefusal] = useState<OrderRefusal | null>(null);
  const keyOf = useIdempotencyKey();
  // An earlier refusal for being below a minimum no longer holds for the enlarged AOI.
  const enlargement = useEnlargement(() => setRefusal(null));
  const enlargedAoi = enlargement.enlarged?.aoi ?? null;
  const figures = useArchiveFigures(choices, sensorType, enlargedAoi);
  const requesterMissing = missingRequesterField(user?.org.type, requester);
  const refusalOf = useOrderRefusal();

  const order = useMutation({
    mutationFn: (request: ArchiveOrderRequest) => api.orderArchive(request, keyOf(request)),
    onSuccess: ({ list }) => {
      forgetDraft();
      clearCart();
      showSuccess(list);
    },
    onError: (error) => {
      if (isApiError(error) && hasCode(error, ...refusalCodes, ...keyRefusalCodes))
        setRefusal(refusalOf(error));
    },
  });
  const confirm = () => {
    setRefusal(null);
    order.mutate(
      archiveOrderRequest(
        { sceneIds: [...scenes.keys()], search, enlargedAoi },
        choices,
        sensorType,
        orderRequestInfo(user, requester),
      ),
    );
  };

  const groups = enlargement.enlarged?.groups ?? figures.area?.groups;
  const belowMinimum = (groups ? shortfalls(groups).length > 0 : false) || refusal?.belowMinimum === true;
  const areaRefusal =
    figures.areaError && hasCode(figures.areaError, ...refusalCodes) ? refusalOf(figures.areaError) : null;
  const shown = refusal ?? areaRefusal;
  const number = (value: number) => formatNumber(value, language, 2);
  const enlargeButton = enlargement.possible && belowMinimum && !enlargement.enlarged && (
    <Button
      size="small"
      loading={enlargement.enlarging}
      onClick={enlargement.enlarge}
      data-testid="order-enlarge"
    >
      {t('order.enlarge')}
    </Button>
  );

  return (
    <Modal
      open
      width={720}
      title={t('order.title')}
      onCancel={close}
      maskClosable={false}
      footer={
        <OrderFooter
          agreements={agreements}
          choices={choices}
          requesterMissing={requesterMissing}
          blocked={sensorType === null}
          sending={order.isPending}
          onCancel={close}
          onConfirm={confirm}
        />
      }
    >
      <div className={styles.body} data-testid="order-archive">
        <p className={styles.facts}>
          {t('order.sceneCount', { count: scenes.size })}
          {sensorType !== null &&
            ` · ${t('order.sensorTypeIs', { type: t(`order.sensorTypes.${sensorType}`) })}`}
        </p>
        {sensorType === null ? (
          <Alert type="error" showIcon title={t('order.moretypeFail')} data-testid="order-mixed" />
        ) : (
          <Form layout="vertical" size="small">
            <ProductFields sensorType={sensorType} choices={choices} onChange={setChoices} />
            <RequesterBlock user={user} requester={requester} onChange={setRequester} />
          </Form>
        )}
        <RulesTable rules={figures.rules} groups={groups} language={language} />
        {shown && <RefusalAlert text={shown.text} action={enlargeButton || undefined} />}
        {!shown && enlargeButton && <div className={styles.enlarge}>{enlargeButton}</div>}
        {enlargement.error && <RefusalAlert text={refusalOf(enlargement.error).text} />}
        {enlargement.enlarged && (
          <div className={styles.enlarge} data-testid="order-enlarged">
            <span>
              {t('order.enlarged', {
                area: number(enlargement.enlarged.areaKm2),
                buffer: formatNumber(enlargement.enlarged.bufferKm, language, 3),
              })}
            </span>
            <Button size="small" type="link" onClick={enlargement.reset} data-testid="order-enlarge-undo">
              {t('order.useOriginal')}
            </Button>
          </div>
        )}
        <OrderSummary figures={figures.area} loading={figures.calculating} language={language} />
        <AgreementFields value={agreements} onChange={setAgreements} />
      </div>
    </Modal>
  );
}
