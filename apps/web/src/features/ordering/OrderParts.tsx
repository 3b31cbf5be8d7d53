import { Alert, Button, Checkbox, Space } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { keyFor, type SentKeys } from './idempotencyKey';
import { canConfirm, type OrderChoices } from './orderForm';
import styles from './ordering.module.css';

/** The end-user licence agreement the product serves (apps/web/public/legal, made by scripts/make-eula.mjs). */
export const eulaHref = '/legal/eula.pdf';

export interface Agreements {
  contract: boolean;
  licence: boolean;
}

export const noAgreements: Agreements = { contract: false, licence: false };

/** The two agreements (spec 001 §2): the order contract, and the licence agreement with its PDF. */
export function AgreementFields({
  value,
  onChange,
}: {
  value: Agreements;
  onChange(value: Agreements): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.agreements}>
      <Checkbox
        checked={value.contract}
        onChange={(e) => onChange({ ...value, contract: e.target.checked })}
        data-testid="order-agree-contract"
      >
        {t('order.agreeContract')}
      </Checkbox>
      <span>
        <Checkbox
          checked={value.licence}
          onChange={(e) => onChange({ ...value, licence: e.target.checked })}
          data-testid="order-agree-licence"
        >
          {t('order.agreeLicence')}
        </Checkbox>{' '}
        <a href={eulaHref} target="_blank" rel="noreferrer" data-testid="order-eula-link">
          {t('order.licenceLink')}
        </a>
      </span>
    </div>
  );
}

/** The field still missing, as the requester block labels it. */
const fieldKey = (field: string) =>
  (field === 'requestType' ? 'order.requestType' : `order.${field}`) as TranslationKey;

interface OrderFooterProps {
  agreements: Agreements;
  choices: OrderChoices;
  requesterMissing: string | null;
  /** Something else that stops the order (mixed sensor types, a prediction without passes). */
  blocked: boolean;
  sending: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * Cancel and Confirm (spec 001 §2): Confirm only with both agreements, a level and the requester
 * complete, and counting the orders when several levels are chosen; the first thing missing is
 * said beside it.
 */
export function OrderFooter(props: OrderFooterProps) {
  const { t } = useTranslation();
  const { agreements, choices, requesterMissing } = props;
  const ready =
    !props.blocked &&
    canConfirm({
      contractAgreed: agreements.contract,
      licenceAgreed: agreements.licence,
      choices,
      requesterMissing,
    });
  const hint =
    choices.levels.length === 0
      ? t('order.needLevel')
      : requesterMissing === 'invalidEmail'
        ? t('order.requesterInvalidEmail')
        : requesterMissing !== null
          ? t('order.needRequester', { field: t(fieldKey(requesterMissing)) })
          : !agreements.contract || !agreements.licence
            ? t('order.needAgreements')
            : '';
  const count = choices.levels.length;
  return (
    <div className={styles.footer}>
      <span className={styles.hint} data-testid="order-hint">
        {props.blocked ? '' : hint}
      </span>
      <Space>
        <Button onClick={props.onCancel} data-testid="order-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="primary"
          disabled={!ready}
          loading={props.sending}
          onClick={props.onConfirm}
          data-testid="order-confirm"
        >
          {count > 1 ? t('order.confirmCount', { count }) : t('common.confirm')}
        </Button>
      </Space>
    </div>
  );
}

/** A refusal of the server, shown in the dialog (spec 001 §8), with what may cure it. */
export function RefusalAlert({ text, action }: { text: string; action?: React.ReactNode }) {
  return <Alert type="error" showIcon title={text} action={action} data-testid="order-refusal" />;
}

/**
 * The `Idempotency-Key` of an order body for this opening of the dialog (`keyFor`): the same body
 * the same random key, another body a new one.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const sent = useRef<SentKeys>(new Map());
  return useCallback((body: unknown) => {
    const next = keyFor(sent.current, body, () => crypto.randomUUID());
    sent.current = next.sent;
    return next.key;
  }, []);
}
