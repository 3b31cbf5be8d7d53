import type { ProcessingLevel, ProcessMode } from '@satportal/contract';
import { Checkbox, Form, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  clippingOffered,
  levelsOffered,
  type OrderChoices,
  type Priority,
  type SensorType,
  toggleLevel,
  withProcessMode,
} from './orderForm';
import styles from './ordering.module.css';

interface ProductFieldsProps {
  sensorType: SensorType;
  choices: OrderChoices;
  onChange(choices: OrderChoices): void;
  /** The tasking dialog asks for a priority; the archive dialog does not (spec 001 §2). */
  withPriority?: boolean;
}

const yesNo = (
  value: boolean,
  onChange: (value: boolean) => void,
  testId: string,
  yes: string,
  no: string,
) => (
  <Radio.Group
    value={value}
    onChange={(e) => onChange(e.target.value as boolean)}
    optionType="button"
    size="small"
    data-testid={testId}
    options={[
      { value: true, label: yes },
      { value: false, label: no },
    ]}
  />
);

/**
 * The product part of an order dialog (spec 001 §2): levels by sensor type, processing mode (the
 * streaming mode first asks to confirm, then allows L3D only), priority (tasking), clipping where
 * offered, quality testing and manual recheck with its delay note.
 */
export function ProductFields({ sensorType, choices, onChange, withPriority }: ProductFieldsProps) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const offered = levelsOffered(sensorType, choices.processMode);

  const changeMode = (mode: ProcessMode) => {
    if (mode !== 'STREAMING_GEOTIFF') return onChange(withProcessMode(choices, mode, sensorType));
    void modal.confirm({
      title: t('order.streamingTitle'),
      content: t('order.streamingWarning'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'order-streaming-ok' } as Record<`data-${string}`, string>,
      onOk: () => onChange(withProcessMode(choices, mode, sensorType)),
    });
  };

  const yes = t('order.yes');
  const no = t('order.no');
  return (
    <>
      {holder}
      <Form.Item label={t('order.levels')} className={styles.item} required>
        <div className={styles.levels} data-testid="order-levels">
          {offered.map((level: ProcessingLevel) => (
            <Checkbox
              key={level}
              checked={choices.levels.includes(level)}
              onChange={() => onChange(toggleLevel(choices, level))}
              data-testid={`order-level-${level}`}
            >
              {t(`order.levelNames.${level}`)}
            </Checkbox>
          ))}
        </div>
      </Form.Item>
      <Form.Item label={t('order.processMode')} className={styles.item}>
        <Radio.Group
          value={choices.processMode}
          onChange={(e) => changeMode(e.target.value as ProcessMode)}
          size="small"
          data-testid="order-process-mode"
          options={[
            { value: 'GEOTIFF', label: t('order.modeGeotiff') },
            { value: 'STREAMING_GEOTIFF', label: t('order.modeStreaming') },
          ]}
        />
      </Form.Item>
      {withPriority && (
        <Form.Item label={t('order.priority')} className={styles.item}>
          <Radio.Group
            value={choices.priority}
            onChange={(e) => onChange({ ...choices, priority: e.target.value as Priority })}
            size="small"
            data-testid="order-priority"
            options={([1, 2, 3] as const).map((p) => ({ value: p, label: t(`order.priorities.${p}`) }))}
          />
        </Form.Item>
      )}
      {clippingOffered(sensorType) && (
        <Form.Item label={t('order.clipping')} className={styles.item}>
          {yesNo(
            choices.clipping,
            (clipping) => onChange({ ...choices, clipping }),
            'order-clipping',
            yes,
            no,
          )}
        </Form.Item>
      )}
      <Form.Item label={t('order.qualityTesting')} className={styles.item}>
        {yesNo(
          choices.qualityTesting,
          (qualityTesting) => onChange({ ...choices, qualityTesting }),
          'order-quality',
          yes,
          no,
        )}
      </Form.Item>
      <Form.Item
        label={t('order.manualRecheck')}
        className={styles.item}
        extra={t('order.manualRecheckNote')}
      >
        {yesNo(
          choices.manualRecheck,
          (manualRecheck) => onChange({ ...choices, manualRecheck }),
          'order-recheck',
          yes,
          no,
        )}
      </Form.Item>
    </>
  );
}
