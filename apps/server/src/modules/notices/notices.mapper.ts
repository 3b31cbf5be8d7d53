import type { Notice, NoticeType } from '@satportal/contract';
import type { NoticeRow } from './notices.repository';

export function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    type: row.type as NoticeType,
    title: row.title,
    content: row.content,
    publishedAt: row.published_at.toISOString(),
  };
}
