import type { Notice } from '@satportal/contract';

/** The notice the home page shows: the newest unread one, if any. (Apart from notice.ts: the first load names no notice key.) */
export const noticeToShow = (answer: { list: Notice[] } | undefined): Notice | null =>
  answer?.list[0] ?? null;
