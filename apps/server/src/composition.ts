import { join } from 'node:path';
import { type Config, loadConfig } from './config';
import type { Database } from './db/database';
import { LivingArchiveRepository } from './demo/living-archive.repository';
import { createMailer } from './mail';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService } from './modules/accounts/accounts.service';
import { AoisRepository } from './modules/aois/aois.repository';
import { AoisService } from './modules/aois/aois.service';
import { ApiKeysRepository, ApiKeysService } from './modules/api-keys';
import { ArchiveRepository } from './modules/archive/archive.repository';
import { ArchiveService } from './modules/archive/archive.service';
import { HistoryRepository } from './modules/archive/history.repository';
import { AreasRepository, overlayFor } from './modules/areas';
import { AuthService } from './modules/auth/auth.service';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { toSatellite } from './modules/catalogue/catalogue.mapper';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { ElementFetchesRepository } from './modules/catalogue/element-fetches.repository';
import { ElementsRefreshService } from './modules/catalogue/elements-refresh.service';
import { OrbitalElementsRepository } from './modules/catalogue/orbital-elements.repository';
import { OrbitalElementsService } from './modules/catalogue/orbital-elements.service';
import { DownloadLinks, DownloadsRepository, DownloadsService, sharedLinkSecret } from './modules/downloads';
import { cogEntryName } from './modules/fulfilment';
import { HealthService } from './modules/health/health.service';
import { DeliveredScenesRepository, MyDataRepository, MyDataService } from './modules/my-data';
import { NoticesRepository, NoticesService } from './modules/notices';
import {
  CompaniesRepository,
  loadPriceList,
  OrderCentreRepository,
  OrderCentreService,
  OrdersRepository,
  OrdersService,
  SizingRepository,
  SizingService,
  TagsRepository,
  TagsService,
} from './modules/orders';
import { IngestService } from './modules/scenes/ingest.service';
import { type SceneInput, ScenesRepository } from './modules/scenes/scenes.repository';
import { MyStacRepository } from './modules/stac/my/my-stac.repository';
import { MyStacService } from './modules/stac/my/my-stac.service';
import { StacRepository } from './modules/stac/stac.repository';
import { StacService } from './modules/stac/stac.service';
import {
  MatchingRepository,
  MatchingService,
  SubscriptionMailsRepository,
  SubscriptionMailsService,
  SubscriptionsRepository,
  SubscriptionsService,
} from './modules/subscriptions';
import { TaskingRepository } from './modules/tasking/tasking.repository';
import { TaskingService } from './modules/tasking/tasking.service';
import { TileKeysRepository, TileKeysService, TileKeyText } from './modules/tile-access';
import {
  DeliveredTiles,
  DiskCache,
  HdMosaicRepository,
  HdMosaics,
  QuicklookRenderer,
  type QuicklookRendererOptions,
  TilesService,
} from './modules/tiles';
import { HdAllowance, UsageRepository, UsageService } from './modules/usage';
import {
  type DeliveryPolicy,
  SecretBox,
  WebhookDelivery,
  WebhookOutbox,
  WebhooksRepository,
  WebhooksService,
} from './modules/webhooks';
import { createObjectStore } from './storage';
import { appVersion } from './version';

/** What delivery needs of the configuration: where files and mail go, how links are signed. */
export type DeliveryConfig = Pick<Config, 'dataDir' | 'storage' | 'mail' | 'fulfilment'> &
  Partial<
    Pick<Config, 'tiles' | 'subscriptions' | 'webhooks' | 'orbitalElements' | 'credentialCacheSeconds'>
  >;

/** Repositories and services over one database: shared by the server, the CLI and the tests. */
export function composeServices(
  db: Pick<Database, 'pool' | 'kind'>,
  options: {
    quicklooks?: QuicklookRendererOptions;
    /** Absent: the environment's (the CLI, benchmarks); nothing is written until first used. */
    delivery?: DeliveryConfig;
  } = {},
) {
  const delivery = options.delivery ?? loadConfig();
  const objectStore = createObjectStore(delivery.storage);
  const mailer = createMailer(delivery.mail);
  const downloadLinks = new DownloadLinks(
    delivery.fulfilment.linkSecret ?? (() => sharedLinkSecret(delivery.dataDir)),
    delivery.fulfilment.downloadLinkDays,
  );
  const tilesConfig = delivery.tiles ?? loadConfig().tiles;
  const webhooksConfig = delivery.webhooks ?? loadConfig().webhooks;
  const webhookSecrets = new SecretBox(
    webhooksConfig.secretKey ?? (() => sharedLinkSecret(delivery.dataDir, 'webhook-secret-key')),
  );
  const webhookPolicy: DeliveryPolicy = {
    allowPrivate: webhooksConfig.allowPrivate,
    allowHttp: webhooksConfig.allowHttp,
    timeoutMs: webhooksConfig.timeoutSeconds * 1000,
    maxResponseBytes: 4096,
    userAgent: `Satportal-Webhooks/${appVersion}`,
    retrySeconds: webhooksConfig.retrySeconds,
    maxRetryAfterSeconds: 86_400,
  };
  const webhooksRepository = new WebhooksRepository(db.pool);
  // Fulfilment, the order centre's cancel and matching record their events through it.
  const webhookOutbox = new WebhookOutbox(webhooksRepository);
  const usageRepository = new UsageRepository(db.pool);
  const hdAllowance = new HdAllowance(usageRepository, tilesConfig.defaultHdDailyTiles);
  const accountsRepository = new AccountsRepository(db.pool);
  const sessionsRepository = new SessionsRepository(db.pool);
  const tileKeys = new TileKeysService(
    new TileKeysRepository(db.pool),
    new TileKeyText(tilesConfig.keySecret ?? (() => sharedLinkSecret(delivery.dataDir, 'tile-key-secret'))),
    tilesConfig.keyIdleSeconds,
  );
  const apiKeys = new ApiKeysService(new ApiKeysRepository(db.pool));
  const auth = new AuthService(accountsRepository, sessionsRepository, tileKeys, apiKeys);
  // An operator's reset ends every credential of the account, as "sign out everywhere" does.
  const accounts = new AccountsService(accountsRepository, async (userId) => {
    await auth.signOutEverywhere(userId);
  });
  const catalogueRepository = new CatalogueRepository(db.pool);
  const catalogue = new CatalogueService(catalogueRepository);
  const orbitalElementsRepository = new OrbitalElementsRepository(db.pool);
  const orbitalElements = new OrbitalElementsService(orbitalElementsRepository);
  const elementsConfig = delivery.orbitalElements ?? loadConfig().orbitalElements;
  // Elements fetched from the configured source; without one, the status says so and nothing runs.
  const elementsRefresh = new ElementsRefreshService(
    new ElementFetchesRepository(db.pool),
    orbitalElementsRepository,
    { ...elementsConfig, userAgent: `Satportal/${appVersion} (orbital elements)` },
  );
  const scenesRepository = new ScenesRepository(db.pool);
  const ingest = new IngestService(scenesRepository, catalogueRepository);
  const overlay = overlayFor(db.kind);
  const archiveRepository = new ArchiveRepository(db.pool, overlay);
  const areasRepository = new AreasRepository(db.pool, overlay);
  const archive = new ArchiveService(archiveRepository, areasRepository, new HistoryRepository(db.pool));
  // Stored tasking predictions: the tasking service writes them, tasking price and orders read them.
  const taskingRepository = new TaskingRepository(db.pool, overlay);
  const orderSizing = new SizingService(
    new SizingRepository(db.pool, overlay),
    areasRepository,
    loadPriceList(),
    taskingRepository,
  );
  const companiesRepository = new CompaniesRepository(db.pool);
  const orders = new OrdersService(
    new OrdersRepository(db.pool),
    companiesRepository,
    orderSizing,
    taskingRepository,
    areasRepository,
  );
  // The simulated archive: the catalogue's satellites and every stored element set in, scenes out.
  // (Shaped for the simulator's `generateArchive`, which only the demo, the CLI and benchmarks run.)
  const archiveGeneration = {
    satellites: async () => (await catalogueRepository.listSatellites(false)).map(toSatellite),
    elementSets: () => orbitalElementsRepository.all(),
    upsertScenes: (scenes: SceneInput[]) => scenesRepository.upsertScenes(scenes),
  };
  // The on-disk caches of the tile services: one folder and a quarter of the bound each, so no
  // kind of tile can push another out (rendered quicklooks, delivered tiles, HD mosaic tiles, and
  // the delivered COGs taken out of their packages).
  const tileCache = (name: string) =>
    new DiskCache({
      dir: join(tilesConfig.cacheDir, name),
      maxBytes: Math.floor(tilesConfig.cacheMaxBytes / 4),
      // The most used of them also in memory (issue 29): a cached tile is then sent without a read.
      memoryMaxBytes: Math.floor(tilesConfig.memoryCacheBytes / 4),
    });
  const quicklooks = new QuicklookRenderer({
    ...options.quicklooks,
    cache: options.quicklooks?.cache ?? (options.quicklooks?.cacheDir ? undefined : tileCache('quicklooks')),
  });
  const delivered = new DeliveredTiles({
    scenes: new DeliveredScenesRepository(db.pool),
    objects: objectStore,
    cogEntryName,
    tileCache: tileCache('delivered'),
    cogCache: tileCache('cogs'),
  });
  const tiles = new TilesService(archiveRepository, quicklooks, delivered, archive);
  const hd = new HdMosaics(new HdMosaicRepository(db.pool), quicklooks, hdAllowance, {
    cache: tileCache('hd'),
  });
  return {
    accounts,
    archiveGeneration,
    /** How far the demo's simulated archive reaches (demo/living-archive.ts extends it). */
    livingArchive: new LivingArchiveRepository(db.pool),
    auth,
    sessionsRepository,
    /** The HTTP layer's credential cache: how long it keeps a check, and the epoch that ends it. */
    credentialCache: {
      readEpoch: () => sessionsRepository.credentialEpoch(),
      ttlMs: (delivery.credentialCacheSeconds ?? 10) * 1000,
    },
    catalogue,
    orbitalElements,
    /** Orbital elements from the configured source (the job, `tle fetch`, the ages of the API). */
    elementsRefresh,
    scenesRepository,
    ingest,
    archive,
    archiveRepository,
    areasRepository,
    orderSizing,
    orders,
    orderTags: new TagsService(new TagsRepository(db.pool)),
    orderCentre: new OrderCentreService(new OrderCentreRepository(db.pool, webhookOutbox), downloadLinks),
    objectStore,
    mailer,
    downloadLinks,
    downloads: new DownloadsService(downloadLinks, new DownloadsRepository(db.pool), objectStore),
    companiesRepository,
    health: new HealthService(db.pool, db.kind, appVersion),
    stac: new StacService(new StacRepository(db.pool, areasRepository)),
    /** "My data as STAC": the caller's delivered scenes, their COGs the tiles' own copies. */
    myStac: new MyStacService(new MyStacRepository(db.pool), delivered),
    tiles,
    hd,
    aois: new AoisService(new AoisRepository(db.pool)),
    tasking: new TaskingService(
      catalogueRepository,
      orbitalElementsRepository,
      areasRepository,
      taskingRepository,
    ),
    taskingRepository,
    myData: new MyDataService(new MyDataRepository(db.pool)),
    notices: new NoticesService(new NoticesRepository(db.pool)),
    subscriptions: new SubscriptionsService(new SubscriptionsRepository(db.pool, overlay), areasRepository),
    /** New scenes against the subscriptions, a batch per transaction (the match job, `archive advance`). */
    matching: new MatchingService(db.pool, new MatchingRepository(overlay), {
      batchSize: delivery.subscriptions?.matchBatchSize ?? 10_000,
      outbox: webhookOutbox,
    }),
    subscriptionMails: new SubscriptionMailsService(
      new SubscriptionMailsRepository(db.pool),
      mailer,
      delivery.fulfilment.publicUrl,
    ),
    /** Asked once per HD mosaic tile above zoom 12 (the HD tile route). */
    hdAllowance,
    /** Counts tiles and downloads served (the HTTP layer's `usage` routes) and reports them. */
    usage: new UsageService(usageRepository, tilesConfig.defaultHdDailyTiles, {
      flushMs: tilesConfig.usageFlushMs,
    }),
    tileKeys,
    apiKeys,
    /** Webhooks (issue 27): the endpoints, the outbox the producers write, one try of a delivery. */
    webhooks: new WebhooksService(webhooksRepository, webhookSecrets, webhookPolicy, () =>
      webhookOutbox.nudge(),
    ),
    webhooksRepository,
    webhookOutbox,
    webhookDelivery: new WebhookDelivery(webhooksRepository, webhookSecrets, webhookPolicy),
  };
}

export type Services = ReturnType<typeof composeServices>;
