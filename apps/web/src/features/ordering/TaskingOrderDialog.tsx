import {
  ResultCode,
  type TaskingOrderRequest,
  type TaskingPass,
  type TaskingPredictionRequest,
} from '@satportal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { type ApiError, hasCode, isApiError } from '../../api/errors';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useMe } from '../auth/useMe';
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
import {
  defaultChoices,
  emptyRequester,
  missingRequesterField,
  type OrderChoices,
  orderRequestInfo,
  type Requester,
  type SensorType,
  sensorTypeOf,
  taskingOrderRequest,
} from './orderForm';
import styles from './ordering.module.css';
import type { OrderRefusal } from './orderMessages';
import { ProductFields } from './ProductFields';
import { RequesterBlock } from './RequesterBlock';
import { useOrderRefusal } from './useOrderRefusal';

const refusalCodes = [ResultCode.AreaBelowMinimum, ResultCode.OutOfGroupRange, ResultCode.ValidationFailed];

interface TaskingOrderDialogProps {
  taskId: string;
  passes: readonly TaskingPass[];
  request: TaskingPredictionRequest;
}

/**
 * The simpler order dialog for a prediction (spec 001 §2): the same fields plus the priority and
 * the satellites of the prediction (ppr.aps); the price from the server (spec 000 §7 "Tasking
 * price"); order.levelneeded while no level is chosen.
 */
export function TaskingOrderDialog({ taskId, passes, request }: TaskingOrderDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const api = useApi();
  const user = useMe();
  const { close, showSuccess } = useOrderDialogStore();
  const satellites = useMemo(() => [...new Set(passes.map((p) => p.satName))].sort(), [passes]);
  const sensorType: SensorType | null =
    (request.sensor?.type as SensorType | undefined) ??
    sensorTypeOf(passes.map((p) => ({ type: p.sensorType })));
  const [chosenSatellites, setChosenSatellites] = useState<string[]>(satellites);
  const [choices, setChoices] = useState<OrderChoices>(defaultChoices);
  const [requester, setRequester] = useState<Requester>(emptyRequester);
  const [agreements, setAgreements] = useState<Agreements>(noAgreements);
  const [refusal, setRefusal] = useState<OrderRefusal | null>(null);
  const keyOf = useIdempotencyKey();
  const requesterMissing = missingRequesterField(user?.org.type, requester);
  const refusalOf = useOrderRefusal();
  const build = (): TaskingOrderRequest =>
    taskingOrderRequest(
      taskId,
      request,
      chosenSatellites,
      choices,
      sensorType,
      orderRequestInfo(user, requester),
    );

  const priceRequest = useMemo(() => {
    const { orderRequestInfo: _, ...rest } = taskingOrderRequest(
      taskId,
      request,
      chosenSatellites,
      choices,
      sensorType,
      {
        type: 2,
      },
    );
    return rest;
  }, [taskId, request, chosenSatellites, choices, sensorType]);
  const price = useQuery({
    queryKey: ['taskingPrice', priceRequest],
    queryFn: ({ signal }) => api.taskingPrice(priceRequest, { signal }),
    enabled: choices.levels.length > 0 && chosenSatellites.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const satIds = useMemo(() => [...new Set(passes.map((p) => p.satId))].sort((a, b) => a - b), [passes]);
  const rulesQuery = {
    satIds: satIds.join(','),
    orderType: 4 as const,
    ...(sensorType ? { productType: sensorType } : {}),
  };
  const rules = useQuery({
    queryKey: queryKeys.orderRules(rulesQuery),
    queryFn: () => api.orderRules(rulesQuery),
    enabled: satIds.length > 0,
  });

  const order = useMutation({
    mutationFn: (body: TaskingOrderRequest) => api.orderTasking(body, keyOf(body)),
    onSuccess: ({ list }) => showSuccess(list),
    onError: (error) => {
      if (isApiError(error) && hasCode(error, ...refusalCodes, ...keyRefusalCodes))
        setRefusal(refusalOf(error));
    },
  });

  const priceError = price.error as ApiError | null;
  const shown =
    refusal ?? (priceError && hasCode(priceError, ...refusalCodes) ? refusalOf(priceError) : null);
  const noSatellite = chosenSatellites.length === 0;
  return (
    <Modal
      open
      width={680}
      title={t('order.taskingTitle')}
      onCancel={close}
      maskClosable={false}
      footer={
        <OrderFooter
          agreements={agreements}
          choices={choices}
          requesterMissing={requesterMissing}
          blocked={sensorType === null || noSatellite}
          sending={order.isPending}
          onCancel={close}
          onConfirm={() => {
            setRefusal(null);
            order.mutate(build());
          }}
        />
      }
    >
      <div className={styles.body} data-testid="order-tasking">
        <p className={styles.facts}>
          {t('order.passCount', { count: passes.length })}
          {sensorType !== null &&
            ` · ${t('order.sensorTypeIs', { type: t(`order.sensorTypes.${sensorType}`) })}`}
        </p>
        {sensorType === null ? (
          <Alert type="error" showIcon title={t('order.moretypeFail')} data-testid="order-mixed" />
        ) : (
          <Form layout="vertical" size="small">
            <Form.Item label={t('order.satellites')} required>
              <Checkbox.Group
                value={chosenSatellites}
                onChange={(value) => setChosenSatellites(value as string[])}
                options={satellites.map((name) => ({ value: name, label: name }))}
                data-testid="order-satellites"
              />
            </Form.Item>
            {noSatellite && <Alert type="warning" showIcon title={t('order.satsNotNull')} />}
            <ProductFields sensorType={sensorType} choices={choices} onChange={setChoices} withPriority />
            {choices.levels.length === 0 && (
              <Alert type="info" showIcon title={t('order.levelneeded')} data-testid="order-levelneeded" />
            )}
            <RequesterBlock user={user} requester={requester} onChange={setRequester} />
          </Form>
        )}
        <RulesTable rules={rules.data?.rules ?? []} groups={price.data?.groups} language={language} />
        {shown && <RefusalAlert text={shown.text} />}
        <OrderSummary
          figures={price.data && { orderArea: price.data.orderArea, estimates: price.data.estimates }}
          loading={price.isFetching}
          language={language}
        />
        {price.data && price.data.pricedArea < price.data.orderArea && (
          // Issue 28 #3: the quote is for what the passes can image, and says so.
          <Alert
            type="info"
            showIcon
            data-testid="order-priced-area"
            title={t('order.pricedCoverable', {
              area: formatNumber(price.data.pricedArea, language, 2),
              coverable: formatNumber(price.data.coverable, language, 2),
              aoiArea: formatNumber(price.data.orderArea, language, 2),
            })}
          />
        )}
        <AgreementFields value={agreements} onChange={setAgreements} />
      </div>
    </Modal>
  );
}
