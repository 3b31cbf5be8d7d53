import type { Database } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService } from './modules/accounts/accounts.service';
import { AuthService } from './modules/auth/auth.service';
import { SessionsRepository } from './modules/auth/sessions.repository';

/** Repositories and services over one database: shared by the server, the CLI and the tests. */
export function composeServices(db: Pick<Database, 'pool'>) {
  const accountsRepository = new AccountsRepository(db.pool);
  const sessionsRepository = new SessionsRepository(db.pool);
  const auth = new AuthService(accountsRepository, sessionsRepository);
  const accounts = new AccountsService(accountsRepository, (userId) =>
    sessionsRepository.revokeAllOfUser(userId),
  );
  return { accounts, auth, sessionsRepository };
}

export type Services = ReturnType<typeof composeServices>;
