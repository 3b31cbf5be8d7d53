import type { Notice } from '@satportal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { formatDateTime } from '../../shared/format/dates';
import { useTimeFormat } from '../auth/useTimeFormat';
import { noticeLines, noticeTypeKey } from './notice';
import styles from './notices.module.css';

/**
 * The newest unread notice (spec 000 §2 "Notice dialog"): its type as a label, title, content with
 * its newlines as line breaks (text only: React escapes it, nothing is read as HTML) and when it
 * was published, in the account's zone. OK marks it read and closes it for good.
 */
export default function NoticeDialog({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { timeZone } = useTimeFormat();
  const read = useMutation({
    mutationFn: () => api.markNoticeRead(notice.id),
    onSuccess: () => queryClient.setQueryData(queryKeys.unreadNotices, { list: [] }),
  });
  const lines = noticeLines(notice.content);

  return (
    <Modal
      open
      title={
        <span className={styles.title}>
          {/* A plain label: antd's Tag would split its colour tables out of the first load's chunk. */}
          <span className={styles.type} data-testid="notice-type">
            {t(noticeTypeKey(notice))}
          </span>
          <span data-testid="notice-title">{notice.title}</span>
        </span>
      }
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('notice.ok')}
      okButtonProps={{ loading: read.isPending, ...({ 'data-testid': 'notice-ok' } as object) }}
      onOk={() => read.mutate()}
    >
      <div className={styles.content} data-testid="notice-content">
        {lines.map((line, index) => (
          // Lines have no identity of their own but their place; the list never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <p key={index} className={styles.line}>
            {line || '\u00a0'}
          </p>
        ))}
      </div>
      <p className={styles.published} data-testid="notice-published">
        {t('notice.published', { time: formatDateTime(notice.publishedAt, timeZone, 'minute') })}
      </p>
    </Modal>
  );
}
