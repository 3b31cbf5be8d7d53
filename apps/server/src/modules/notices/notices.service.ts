import { type Notice, NoticeLimits, NoticeTypes } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { toNotice } from './notices.mapper';
import type { NoticeReachRow, NoticesRepository } from './notices.repository';

/** Why the operator's notice was refused (the CLI prints it; no browser ever sends one). */
export class NoticeRefused extends Error {}

export interface NoticeDraft {
  type: number;
  title: string;
  content: string;
  /** The organisation's name (any case); absent: every user. */
  organisation?: string;
}

// Control characters (C0, DEL, C1) and lone surrogates: nothing a title or text should hold;
// a lone surrogate would not even survive the trip to the database as UTF-8.
const controlOrBroken = /[\p{Cc}\p{Cs}]/u;
const codePoints = (text: string) => [...text].length;

/** Notices (spec 000 §2 "Notice dialog", §3 Notice, §7): the operator publishes, each user reads once. */
export class NoticesService {
  constructor(private readonly repository: NoticesRepository) {}

  /** The caller's newest unread notices: to everyone or to the caller's organisation. */
  async unread(userId: number, limit = 1): Promise<Notice[]> {
    return (await this.repository.unread(userId, limit)).map(toNotice);
  }

  /** Idempotent; a notice the caller may not see answers as unknown (4004), and nothing is written. */
  async markRead(userId: number, noticeId: number): Promise<void> {
    if (!(await this.repository.markRead(noticeId, userId))) throw ApiError.notFound();
  }

  async publish(draft: NoticeDraft): Promise<Notice & { organisation: string | null }> {
    const values = Object.values(NoticeTypes) as number[];
    if (!(Number.isInteger(draft.type) && values.includes(draft.type)))
      throw new NoticeRefused(`the type must be one of ${values.join(', ')}, got ${draft.type}`);
    const title = draft.title.trim();
    if (!title || codePoints(title) > NoticeLimits.titleMax)
      throw new NoticeRefused(`the title must have 1 to ${NoticeLimits.titleMax} characters`);
    if (controlOrBroken.test(title))
      throw new NoticeRefused('the title must be one line without control characters');
    // Line ends as the dialog shows them: \n (a file written on Windows has \r\n).
    const content = draft.content.replace(/\r\n?/g, '\n');
    if (codePoints(content) > NoticeLimits.contentMax)
      throw new NoticeRefused(`the content must have at most ${NoticeLimits.contentMax} characters`);
    if (controlOrBroken.test(content.replaceAll('\n', '')))
      throw new NoticeRefused('the content may hold line breaks but no other control characters');
    let org: { id: number; name: string } | undefined;
    if (draft.organisation !== undefined) {
      org = await this.repository.organisationNamed(draft.organisation.trim());
      if (!org) throw new NoticeRefused(`no organisation "${draft.organisation}"`);
    }
    const row = await this.repository.insert({ type: draft.type, title, content, orgId: org?.id ?? null });
    return { ...toNotice(row), organisation: org?.name ?? null };
  }

  list(): Promise<NoticeReachRow[]> {
    return this.repository.listWithReach();
  }
}
