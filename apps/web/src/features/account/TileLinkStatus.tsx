import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { formatDateTime } from '../../shared/format/dates';
import { tileDeviceId } from '../../shared/tiles/tileKey';
import { useToast } from '../../shared/ui/toast';
import styles from './account.module.css';

/**
 * The tile link (issue 15): whether a tile key is alive, for this browser or another device, when it
 * was last used, and a revoke that stops every copied XYZ, WMTS and HD link at once.
 */
export function TileLinkStatus({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: queryKeys.tileKeyStatus,
    queryFn: () => api.tileKeyStatus(tileDeviceId()),
    refetchOnMount: 'always',
  });
  const revoke = useMutation({
    mutationFn: () => api.revokeTileKey(),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.tileKeyStatus, null);
      toast.success(t('account.tileKeyRevoked'));
    },
  });
  const key = status.data;

  if (!key)
    return (
      <Typography.Paragraph type="secondary" className={styles.hint} data-testid="tile-key-none">
        {status.isPending ? t('account.loading') : t('account.tileKeyNone')}
      </Typography.Paragraph>
    );
  return (
    <div data-testid="tile-key-status" data-this-device={key.thisDevice}>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'device',
            label: t('account.tileKeyDevice'),
            children: key.thisDevice ? t('account.tileKeyThisDevice') : t('account.tileKeyOtherDevice'),
          },
          {
            key: 'used',
            label: t('account.tileKeyLastUsed'),
            children: formatDateTime(key.lastUsedAt, timeZone, 'minute'),
          },
          {
            key: 'idle',
            label: t('account.tileKeyIdle'),
            children: t('account.minutes', { count: Math.round(key.idleSeconds / 60) }),
          },
        ]}
      />
      <Popconfirm title={t('account.tileKeyRevokeConfirm')} onConfirm={() => revoke.mutate()}>
        <Button danger size="small" loading={revoke.isPending} data-testid="tile-key-revoke">
          {t('account.tileKeyRevoke')}
        </Button>
      </Popconfirm>
    </div>
  );
}
