import { DeleteOutlined, EyeOutlined, FileSearchOutlined, RedoOutlined } from '@ant-design/icons';
import { type Subscription, SubscriptionStatus } from '@satportal/contract';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { dayIn } from '../../shared/format/days';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { useTimeFormat } from '../auth/useTimeFormat';
import { useArchiveSearchStore } from '../search/searchStore';
import { useArchiveSearchActions } from '../search/useArchiveSearch';
import { useResultPages } from '../search/useResultPages';
import { useSubscriptionDraftStore } from '../subscription-create/subscriptionDraftStore';
import { archiveSearchOf, canOpenItems, numsBadge, resubscribeDraftOf } from './subscriptionCentre';
import styles from './subscriptions.module.css';
import { useDeleteSubscription } from './useSubscriptions';

interface SubscriptionItemProps {
  subscription: Subscription;
  /** In the list: its name opens it on its own (the detail, with its link). */
  onOpenDetail?(): void;
  /** On its own: deleted, there is nothing left to show. */
  onDeleted?(): void;
}

/**
 * One subscription of the centre (spec 000 §2): name, AOI and its area, window, created, newest
 * image, satellites and the new-image count. In process: open its new images (when there are
 * some) and delete; ended: search the archive again, resubscribe and delete.
 */
export function SubscriptionItem({ subscription, onOpenDetail, onDeleted }: SubscriptionItemProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { timeZone } = useTimeFormat();
  const openPanel = usePanelStore((s) => s.open);
  const { search } = useArchiveSearchActions();
  const { openSubscription } = useResultPages();
  const remove = useDeleteSubscription();
  const inProcess = subscription.status === SubscriptionStatus.InProcess;

  // The result list shows the new images and fits the map to them (search/useResultsFit).
  const openItems = () =>
    openSubscription.mutateAsync({
      kind: 'subscription',
      subscriptionId: subscription.id,
      name: subscription.name,
      aois: [subscription.boundaries],
    });
  const research = () => {
    const request = archiveSearchOf(subscription, dayIn(new Date(), timeZone));
    useArchiveSearchStore.getState().setConditions(request.condition);
    useArchiveSearchStore.getState().setCentreTab('archive');
    search.mutate({ kind: 'aoi', request });
    openPanel(PanelId.SearchCentre);
  };
  const resubscribe = () => {
    useSubscriptionDraftStore.getState().setDraft(resubscribeDraftOf(subscription));
    useArchiveSearchStore.getState().setCentreTab('subscription');
    openPanel(PanelId.SearchCentre);
  };

  return (
    <li
      className={styles.item}
      data-testid="subscription-item"
      data-subscription-id={subscription.id}
      data-status={subscription.status}
      data-nums={subscription.nums}
    >
      <div className={styles.itemHead}>
        {onOpenDetail ? (
          <Tooltip title={t('place.openSubscription')}>
            <button
              type="button"
              className={`${styles.name} ${styles.nameButton}`}
              onClick={onOpenDetail}
              data-testid="subscription-open-detail"
            >
              {subscription.name}
            </button>
          </Tooltip>
        ) : (
          <span className={styles.name}>{subscription.name}</span>
        )}
        {inProcess && subscription.nums > 0 && (
          <Tooltip title={t('subscriptionCentre.newImagesCount', { count: subscription.nums })}>
            <span className={styles.badge} data-testid="subscription-nums">
              {numsBadge(subscription.nums)}
            </span>
          </Tooltip>
        )}
      </div>
      <dl className={styles.facts}>
        <dt>{t('subscriptionCentre.aoi')}</dt>
        <dd>
          {subscription.aoiName} ·{' '}
          {t('subscriptionCentre.area', { value: formatNumber(subscription.aoiArea, language, 2) })}
        </dd>
        <dt>{t('subscriptionCentre.window')}</dt>
        <dd data-testid="subscription-window">
          {subscription.fdate} – {subscription.tdate}
        </dd>
        <dt>{t('subscriptionCentre.created')}</dt>
        <dd>{formatDateTime(subscription.createTime, timeZone, 'minute')}</dd>
        <dt>{t('subscriptionCentre.imageTime')}</dt>
        <dd data-testid="subscription-image-time">
          {subscription.imageTime
            ? formatDateTime(subscription.imageTime, timeZone, 'minute')
            : t('subscriptionCentre.noImage')}
        </dd>
        <dt>{t('subscriptionCentre.satellites')}</dt>
        <dd>{subscription.satGroups.map((group) => group.category).join(', ')}</dd>
      </dl>
      <div className={styles.actions}>
        {inProcess ? (
          <Tooltip title={canOpenItems(subscription) ? '' : t('subscriptionCentre.noNewImages')}>
            <Button
              size="small"
              type="primary"
              icon={<EyeOutlined />}
              disabled={!canOpenItems(subscription)}
              loading={openSubscription.isPending}
              onClick={() => void openItems()}
              data-testid="subscription-open"
            >
              {t('subscriptionCentre.open')}
            </Button>
          </Tooltip>
        ) : (
          <>
            <Button
              size="small"
              icon={<FileSearchOutlined />}
              loading={search.isPending}
              onClick={research}
              data-testid="subscription-research"
            >
              {t('subscriptionCentre.research')}
            </Button>
            <Button
              size="small"
              icon={<RedoOutlined />}
              onClick={resubscribe}
              data-testid="subscription-resubscribe"
            >
              {t('subscriptionCentre.resubscribe')}
            </Button>
          </>
        )}
        <Popconfirm
          title={t('subscriptionCentre.deleteConfirm', { name: subscription.name })}
          onConfirm={() => remove.mutate(subscription.id, { onSuccess: () => onDeleted?.() })}
          okButtonProps={{ danger: true, ...({ 'data-testid': 'subscription-delete-ok' } as object) }}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={remove.isPending}
            data-testid="subscription-delete"
          >
            {t('subscriptionCentre.delete')}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}
