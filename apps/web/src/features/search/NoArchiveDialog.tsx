import { Button, Checkbox, Form, Modal, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../shared/conditions/FormParts';
import { type Day, dayIn } from '../../shared/format/days';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { useMe } from '../auth/useMe';
import { useTimeFormat } from '../auth/useTimeFormat';
import { NoArchiveSubscription } from '../subscription-create/NoArchiveSubscription';
import { TaskingOrderButton } from '../tasking/TaskingOrderButton';
import { canOrderTasking, defaultTaskingConditions, isTaskingDayDisabled } from '../tasking/taskingForm';
import { useTaskingStore } from '../tasking/taskingStore';
import { nextMidnight, noTipKey } from './noTip';
import styles from './search.module.css';
import { type NoArchiveTab, useArchiveSearchStore } from './searchStore';

/**
 * No archived scene matched (spec 000 §2 "No-archive dialog"): propose a new capture (tasking) over
 * the AOI, or a subscription of that search (its tab: `NoArchiveSubscription`). The tasking tab's
 * window follows the Tasking tab's defaults and picker limits; "predict passes" carries it there;
 * Order now stays disabled with its reason. "Don't remind again" holds until the next
 * midnight of the user's time zone (`noTipTime`).
 */
export function NoArchiveDialog() {
  const { t } = useTranslation();
  const me = useMe();
  const { timeZone } = useTimeFormat();
  const open = useArchiveSearchStore((s) => s.noArchiveOpen);
  const setOpen = useArchiveSearchStore((s) => s.setNoArchiveOpen);
  const emptySearch = useArchiveSearchStore((s) => s.noArchiveRequest);
  const tab = useArchiveSearchStore((s) => s.noArchiveTab);
  const setTab = useArchiveSearchStore((s) => s.setNoArchiveTab);
  const [noRemind, setNoRemind] = useState(false);
  const [captureWindow, setCaptureWindow] = useState<{ fdate: Day; tdate: Day } | null>(null);
  const today = dayIn(new Date(), timeZone);
  const shown = captureWindow ?? defaultTaskingConditions(today);
  const mayOrder = canOrderTasking(me);

  const close = () => {
    if (noRemind) localStorage.setItem(noTipKey, String(nextMidnight(new Date(), timeZone)));
    setNoRemind(false);
    setCaptureWindow(null);
    setOpen(false);
  };

  const predict = () => {
    const tasking = useTaskingStore.getState();
    tasking.back();
    tasking.setConditions({ fdate: shown.fdate, tdate: shown.tdate });
    useArchiveSearchStore.getState().setCentreTab('tasking');
    usePanelStore.getState().open(PanelId.SearchCentre);
    close();
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
    >
      <div data-testid="no-archive-dialog">
        <p>{t('search.noSceneData')}</p>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as NoArchiveTab)}
          items={[
            {
              key: 'subscription',
              label: <span data-testid="no-archive-tab-subscription">{t('search.tabSubscription')}</span>,
              children: (
                <NoArchiveSubscription search={emptySearch} timeZone={timeZone} onOpenCentre={close} />
              ),
            },
            {
              key: 'tasking',
              label: <span data-testid="no-archive-tab-tasking">{t('search.tabTasking')}</span>,
              children: (
                <Form layout="vertical" size="small">
                  <DateRangeField
                    label={t('tasking.dateRange')}
                    from={shown.fdate}
                    to={shown.tdate}
                    isDisabled={(day, start) => isTaskingDayDisabled(day, today, start)}
                    onChange={(fdate, tdate) => setCaptureWindow({ fdate, tdate })}
                    testId="no-archive-dates"
                  />
                  <Space>
                    <Button type="primary" onClick={predict} data-testid="no-archive-predict">
                      {t('noArchive.predict')}
                    </Button>
                    <TaskingOrderButton testId="no-archive-order" />
                  </Space>
                  <p className={styles.muted} data-testid="no-archive-order-reason">
                    {t(mayOrder ? 'noArchive.orderLater' : 'tasking.noPermission')}
                  </p>
                </Form>
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
