import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { withLaterMessages } from '../../i18n';
import { noticeToShow } from './unreadNotice';

// The dialog and its messages load only when there is a notice to show (most visits have none).
const NoticeDialog = lazy(withLaterMessages(() => import('./NoticeDialog')));

/** The home page asks once for the newest unread notice (spec 000 §2 "Notice dialog", §7: limit 1). */
export function NoticeHost() {
  const api = useApi();
  const notice = noticeToShow(
    useQuery({
      queryKey: queryKeys.unreadNotices,
      // Not worth a message when it fails: the notice shows on a later visit.
      queryFn: ({ signal }) => api.unreadNotices({ signal, quiet: true }),
      staleTime: Number.POSITIVE_INFINITY,
    }).data,
  );
  if (!notice) return null;
  return (
    <Suspense>
      <NoticeDialog notice={notice} />
    </Suspense>
  );
}
