import { NoticeIdParams, Paths, UnreadNoticeQuery, UnreadNoticeResponse } from '@satportal/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { NoticesService } from './notices.service';

/** Notices (spec 000 §7 "Unread notice", "Mark notice read"): the caller's own reads only. */
export function noticesRoutes(app: Http, notices: NoticesService): void {
  app.get(
    Paths.unreadNotices,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getUnreadNotice',
        tags: ['notices'],
        summary:
          "The caller's newest unread notices (to everyone or to the caller's organisation), newest first; the home page asks for one",
        querystring: UnreadNoticeQuery,
        response: responses(UnreadNoticeResponse),
      },
    },
    async (request) => ok({ list: await notices.unread(principalOf(request).user.id, request.query.limit) }),
  );

  app.put(
    Paths.noticeRead,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'markNoticeRead',
        tags: ['notices'],
        summary:
          'Marks a notice read for the caller (idempotent); 4004 for an unknown notice or one meant for another organisation',
        params: NoticeIdParams,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await notices.markRead(principalOf(request).user.id, request.params.id);
      return ok(null);
    },
  );
}
