import type { Notice, NoticeType } from '@satportal/contract';

/** The label of each notice type (spec 000 §2 "Notice dialog"), as message keys. */
export const noticeTypeKeys = {
  0: 'notice.types.0',
  1: 'notice.types.1',
  2: 'notice.types.2',
  3: 'notice.types.3',
} as const satisfies Record<NoticeType, string>;

/** The label key of a notice's type. */
export const noticeTypeKey = (notice: Pick<Notice, 'type'>) => noticeTypeKeys[notice.type as NoticeType];

/**
 * The content's lines: newlines are line breaks (spec 000 §2), whichever convention the operator's
 * text used. The dialog renders each as text, never as HTML.
 */
export function noticeLines(content: string): string[] {
  return content.split(/\r\n|\r|\n/);
}
