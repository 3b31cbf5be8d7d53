import { ArrowLeftOutlined } from '@ant-design/icons';
import { ResultCode } from '@satportal/contract';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCode } from '../../api/errors';
import { PanelId } from '../../shared/panelStore';
import { CopyLinkButton } from '../../shared/place/CopyLinkButton';
import { noPlace } from '../../shared/place/place';
import { useToast } from '../../shared/ui/toast';
import { SubscriptionItem } from './SubscriptionItem';
import styles from './subscriptions.module.css';
import { useSubscription } from './useSubscriptions';

interface SubscriptionDetailViewProps {
  id: number;
  onBack(): void;
  /** Not there for this user (deleted, a link to another account's): nothing to come back to. */
  onMissing(): void;
}

/**
 * One subscription on its own (issue 28 #6): the list's card with its actions, a way back and its
 * link. One the server does not show this user is said so, then the list is shown; the message
 * never tells whether it exists.
 */
export function SubscriptionDetailView({ id, onBack, onMissing }: SubscriptionDetailViewProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const subscription = useSubscription(id);
  const missing = hasCode(subscription.error, ResultCode.NotFound);
  useEffect(() => {
    if (!missing) return;
    void toast.warning({ key: 'subscription-missing', content: t('place.subscriptionNotFound') });
    onMissing();
  }, [missing, onMissing, toast, t]);

  return (
    <div className={styles.panel} data-testid="subscription-detail" data-subscription-id={id}>
      <div className={styles.detailHead}>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="subscription-back">
          {t('place.backToList')}
        </Button>
        {subscription.data && (
          <CopyLinkButton
            place={{ ...noPlace, panel: PanelId.SubscriptionCentre, inPanel: { subscription: String(id) } }}
            label={t('place.copySubscriptionLink')}
            testId="subscription-copy-link"
          />
        )}
      </div>
      {subscription.isPending || missing ? (
        <Spin className={styles.loading} />
      ) : subscription.data ? (
        <ul className={styles.detailList}>
          {/* Deleted here: the list, without a step back to what is gone. */}
          <SubscriptionItem subscription={subscription.data} onDeleted={onMissing} />
        </ul>
      ) : (
        <Result
          status="warning"
          subTitle={t('subscriptionCentre.loadFailed')}
          extra={<Button onClick={() => void subscription.refetch()}>{t('search.retry')}</Button>}
        />
      )}
    </div>
  );
}
