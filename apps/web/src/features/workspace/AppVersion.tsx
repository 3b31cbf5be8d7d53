import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { runtimeConfig } from '../../shared/config';
import styles from './workspace.module.css';

/**
 * The app version string (spec 000 §1), as the server reports it (/config.js has it before the
 * health answer arrives); nothing while it is unknown.
 */
export function AppVersion() {
  const { t } = useTranslation();
  const api = useApi();
  // Quiet: a version display must never raise an error toast.
  const { data } = useQuery({
    queryKey: queryKeys.health,
    queryFn: () => api.health({ quiet: true }),
    staleTime: Infinity,
  });
  const version = data?.version ?? runtimeConfig().version;
  if (!version) return null;
  const label = t('app.version', { version });
  return (
    <Tooltip title={label} placement="right">
      <span className={styles.version} data-testid="app-version">
        {version}
      </span>
    </Tooltip>
  );
}
