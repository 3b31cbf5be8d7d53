import type { Database } from './db/database';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService } from './modules/accounts/accounts.service';
import { AoisRepository } from './modules/aois/aois.repository';
import { AoisService } from './modules/aois/aois.service';
import { ArchiveRepository } from './modules/archive/archive.repository';
import { ArchiveService } from './modules/archive/archive.service';
import { HistoryRepository } from './modules/archive/history.repository';
import { AuthService } from './modules/auth/auth.service';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { OrbitalElementsRepository } from './modules/catalogue/orbital-elements.repository';
import { OrbitalElementsService } from './modules/catalogue/orbital-elements.service';
import { IngestService } from './modules/scenes/ingest.service';
import { ScenesRepository } from './modules/scenes/scenes.repository';

/** Repositories and services over one database: shared by the server, the CLI and the tests. */
export function composeServices(db: Pick<Database, 'pool'>) {
  const accountsRepository = new AccountsRepository(db.pool);
  const sessionsRepository = new SessionsRepository(db.pool);
  const auth = new AuthService(accountsRepository, sessionsRepository);
  const accounts = new AccountsService(accountsRepository, (userId) =>
    sessionsRepository.revokeAllOfUser(userId),
  );
  const catalogueRepository = new CatalogueRepository(db.pool);
  const catalogue = new CatalogueService(catalogueRepository);
  const orbitalElements = new OrbitalElementsService(new OrbitalElementsRepository(db.pool));
  const scenesRepository = new ScenesRepository(db.pool);
  const ingest = new IngestService(scenesRepository, catalogueRepository);
  const archive = new ArchiveService(
    new ArchiveRepository(db.pool),
    new HistoryRepository(db.pool),
    catalogueRepository,
  );
  return {
    accounts,
    auth,
    sessionsRepository,
    catalogue,
    orbitalElements,
    scenesRepository,
    ingest,
    archive,
    aois: new AoisService(new AoisRepository(db.pool)),
  };
}

export type Services = ReturnType<typeof composeServices>;
