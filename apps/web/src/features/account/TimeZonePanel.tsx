import type { User } from '@satportal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { browserTimeZone, utcOffsetOf } from '../../shared/format/dates';
import { useToast } from '../../shared/ui/toast';
import { useSessionStore } from '../auth/sessionStore';
import styles from './account.module.css';
import { filterTimeZones, timeZoneEntries, timeZoneNames } from './timeZones';

/**
 * The time-zone panel (spec 001 §2): a filter box over the IANA zone names; clicking one saves it to
 * the account, and every time the product shows follows it (the `me` query carries it). "The
 * browser's zone" saves none (null), so the zone follows the computer wherever it is.
 */
export function TimeZonePanel({ user }: { user: User | undefined }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const setUser = useSessionStore((s) => s.setUser);
  const [filter, setFilter] = useState('');
  const entries = useMemo(() => timeZoneEntries(timeZoneNames()), []);
  const shown = useMemo(() => filterTimeZones(entries, filter), [entries, filter]);
  const chosen = user?.timezone ?? null;
  const browser = browserTimeZone();

  const save = useMutation({
    mutationFn: (timezone: string | null) => api.saveTimeZone(timezone),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.me, saved);
      setUser(saved);
      toast.success(t('account.timeZoneSaved'));
    },
  });

  const choice = (zone: string | null, label: string, offset: string) => {
    const selected = zone === chosen;
    return (
      <li key={zone ?? ''}>
        <button
          type="button"
          className={selected ? `${styles.zone} ${styles.zoneChosen}` : styles.zone}
          aria-pressed={selected}
          disabled={save.isPending}
          onClick={() => !selected && save.mutate(zone)}
          data-testid={zone ? `time-zone-${zone}` : 'time-zone-browser'}
        >
          <span>{label}</span>
          <span className={styles.zoneOffset}>{offset}</span>
        </button>
      </li>
    );
  };

  return (
    <div data-testid="time-zone-panel">
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {t('account.timeZoneCurrent', { zone: chosen ?? t('account.browserZone', { zone: browser }) })}
      </Typography.Paragraph>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('account.timeZoneFilter')}
        aria-label={t('account.timeZoneFilter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="time-zone-filter"
      />
      <ul className={styles.zoneList} aria-label={t('account.timeZone')}>
        {filter.trim() === '' &&
          choice(null, t('account.browserZone', { zone: browser }), utcOffsetOf(browser))}
        {shown.map((entry) => choice(entry.name, entry.name, entry.offset))}
        {shown.length === 0 && <li className={styles.hint}>{t('account.timeZoneNone')}</li>}
      </ul>
    </div>
  );
}
