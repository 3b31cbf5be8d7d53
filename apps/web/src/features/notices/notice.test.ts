import type { Notice } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import zh from '../../i18n/zh.json';
import { noticeLines, noticeTypeKey } from './notice';
import { noticeToShow } from './unreadNotice';

const notice = (over: Partial<Notice> = {}): Notice => ({
  id: 1,
  type: 0,
  title: 'T',
  content: 'c',
  publishedAt: '2026-11-25T10:00:00Z',
  ...over,
});

const lookup = (bundle: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

describe('notice dialog', () => {
  it('labels each type as the spec names it', () => {
    const labels = ([0, 1, 2, 3] as const).map((type) => lookup(en, noticeTypeKey(notice({ type }))));
    expect(labels).toEqual([
      'Notification',
      'System Upgrade Notification',
      'Website Maintenance in process',
      'New Feature Released',
    ]);
    for (const type of [0, 1, 2, 3] as const) {
      expect(typeof lookup(zh, noticeTypeKey(notice({ type })))).toBe('string');
    }
  });

  it('breaks the content at every kind of newline and keeps markup as text', () => {
    expect(noticeLines('line1\nline2\r\nline3\rline4')).toEqual(['line1', 'line2', 'line3', 'line4']);
    expect(noticeLines('<b>bold</b>\n\nafter a blank')).toEqual(['<b>bold</b>', '', 'after a blank']);
    expect(noticeLines('one line')).toEqual(['one line']);
  });

  it('shows the first unread notice, or none', () => {
    expect(noticeToShow(undefined)).toBeNull();
    expect(noticeToShow({ list: [] })).toBeNull();
    expect(noticeToShow({ list: [notice({ id: 7 }), notice({ id: 3 })] })?.id).toBe(7);
  });
});
