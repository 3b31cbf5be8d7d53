import { Paths, TimeZoneRequest, User } from '@satportal/contract';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { AccountsService } from './accounts.service';

/** The caller's own account settings (spec 001 §2 account centre). */
export function accountRoutes(app: Http, accounts: AccountsService): void {
  app.put(
    Paths.meTimeZone,
    {
      config: { scope: 'account' },
      schema: {
        operationId: 'setTimeZone',
        tags: ['auth'],
        summary:
          "Saves the caller's time zone (an IANA name, or null for the browser's); 4000 naming timezone for a zone the server does not know. Answers the user as GET me does",
        body: TimeZoneRequest,
        response: responses(User),
      },
    },
    async (request) => ok(await accounts.setTimeZone(principalOf(request).user.id, request.body.timezone)),
  );
}
