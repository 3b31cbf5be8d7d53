import { Button, Checkbox, DatePicker, Form, Modal, Tabs, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LaterEmptyState } from '../../shared/ui/LaterEmptyState';
import { nextMidnight, noTipKey } from './noTip';
import styles from './search.module.css';
import { useArchiveSearchStore } from './searchStore';

/** Tasking defaults of spec 000 §5: start tomorrow, end in 30 days. */
const taskingDefault = () => [dayjs().add(1, 'day'), dayjs().add(30, 'day')] as const;

/**
 * No archived scene matched (spec 000 §2 "No-archive dialog"): propose a new capture (tasking) over
 * the AOI, or a subscription. Ordering and subscriptions arrive with their issues; until then the
 * buttons say so. "Don't remind again" holds until the next local midnight (`noTipTime`).
 */
export function NoArchiveDialog() {
  const { t } = useTranslation();
  const open = useArchiveSearchStore((s) => s.noArchiveOpen);
  const setOpen = useArchiveSearchStore((s) => s.setNoArchiveOpen);
  const [noRemind, setNoRemind] = useState(false);
  const [range, setRange] = useState(taskingDefault);

  const close = () => {
    if (noRemind) localStorage.setItem(noTipKey, String(nextMidnight(new Date())));
    setOpen(false);
  };

  return (
    <Modal
      open={open}
      title={t('noArchive.title')}
      onCancel={close}
      footer={
        <div className={styles.noArchiveFooter}>
          <Checkbox
            checked={noRemind}
            onChange={(e) => setNoRemind(e.target.checked)}
            data-testid="no-remind"
          >
            {t('noArchive.noRemind')}
          </Checkbox>
          <Button onClick={close} data-testid="no-archive-close">
            {t('common.close')}
          </Button>
        </div>
      }
      destroyOnHidden
      data-testid="no-archive-dialog"
    >
      <p>{t('search.noSceneData')}</p>
      <Tabs
        defaultActiveKey="tasking"
        items={[
          {
            key: 'subscription',
            label: t('search.tabSubscription'),
            children: <LaterEmptyState />,
          },
          {
            key: 'tasking',
            label: t('search.tabTasking'),
            children: (
              <Form layout="vertical" size="small">
                <Form.Item label={t('search.dateRange')}>
                  <DatePicker.RangePicker
                    allowClear={false}
                    value={[range[0], range[1]]}
                    disabledDate={(d) =>
                      d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(365, 'day'), 'day')
                    }
                    onChange={(value) => {
                      if (value?.[0] && value[1]) setRange([value[0], value[1]]);
                    }}
                  />
                </Form.Item>
                <Tooltip title={t('noArchive.orderLater')}>
                  <Button type="primary" disabled data-testid="no-archive-order">
                    {t('noArchive.orderNow')}
                  </Button>
                </Tooltip>
                <p className={styles.muted}>{t('noArchive.orderLater')}</p>
              </Form>
            ),
          },
        ]}
      />
    </Modal>
  );
}
