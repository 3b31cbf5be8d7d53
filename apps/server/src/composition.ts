import type { Database } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService } from './modules/accounts/accounts.service';
import { AuthService } from './modules/auth/auth.service';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { OrbitalElementsRepository } from './modules/catalogue/orbital-elements.repository';
import { OrbitalElementsService } from './modules/catalogue/orbital-elements.service';

/** Repositories and services over one database: shared by the server, the CLI and the tests. */
export function composeServices(db: Pick<Database, 'pool'>) {
  const accountsRepository = new AccountsRepository(db.pool);
  const sessionsRepository = new SessionsRepository(db.pool);
  const auth = new AuthService(accountsRepository, sessionsRepository);
  const accounts = new AccountsService(accountsRepository, (userId) =>
    sessionsRepository.revokeAllOfUser(userId),
  );
  const catalogue = new CatalogueService(new CatalogueRepository(db.pool));
  const orbitalElements = new OrbitalElementsService(new OrbitalElementsRepository(db.pool));
  return { accounts, auth, sessionsRepository, catalogue, orbitalElements };
}

export type Services = ReturnType<typeof composeServices>;
