import { ApiBase, MyStacBase } from '@satportal/contract';
import type { Services } from './composition';
import type { RouteModule } from './http/types';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { aoisRoutes } from './modules/aois/aois.routes';
import { apiKeyRoutes } from './modules/api-keys';
import { archiveRoutes } from './modules/archive/archive.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { downloadRoutes } from './modules/downloads';
import { healthRoutes } from './modules/health/health.routes';
import { myDataRoutes } from './modules/my-data';
import { noticesRoutes } from './modules/notices';
import { orderCentreRoutes, ordersRoutes, sizingRoutes, tagsRoutes } from './modules/orders';
import { myStacRoutes } from './modules/stac/my/my-stac.routes';
import { stacRoutes } from './modules/stac/stac.routes';
import { subscriptionsRoutes } from './modules/subscriptions';
import { taskingRoutes } from './modules/tasking/tasking.routes';
import { tileKeyRoutes } from './modules/tile-access';
import { hdTileRoutes, hdYearsRoutes, tilesRoutes } from './modules/tiles';
import { usageRoutes } from './modules/usage';
import { webhooksRoutes } from './modules/webhooks';
import { appVersion } from './version';

/**
 * The route registry: which module's routes are served where. Owned by the composition root, so
 * that the HTTP layer (`http/`) knows no module and modules know only the HTTP layer.
 */
export function routeModules(services: Services): RouteModule[] {
  return [
    {
      prefix: ApiBase,
      register: (app) => {
        healthRoutes(app, services.health);
        authRoutes(app, services.auth);
        catalogueRoutes(app, services.catalogue, services.elementsRefresh);
        archiveRoutes(app, services.archive);
        aoisRoutes(app, services.aois);
        taskingRoutes(app, services.tasking);
        sizingRoutes(app, services.orderSizing);
        ordersRoutes(app, services.orders);
        tagsRoutes(app, services.orderTags);
        orderCentreRoutes(app, services.orderCentre);
        downloadRoutes(app, services.downloads);
        accountRoutes(app, services.accounts);
        usageRoutes(app, services.usage);
        tileKeyRoutes(app, services.tileKeys);
        apiKeyRoutes(app, services.apiKeys);
        myDataRoutes(app, services.myData);
        hdYearsRoutes(app, services.hd);
        noticesRoutes(app, services.notices);
        subscriptionsRoutes(app, services.subscriptions);
        webhooksRoutes(app, services.webhooks);
      },
    },
    // The provider's public catalogue (see the STAC module): no session. All of /stac is its own.
    { prefix: '/stac', public: true, register: (app) => stacRoutes(app, services.stac, appVersion) },
    // The caller's delivered scenes as STAC (issue 27): tile routes, opened as their COGs are.
    { prefix: MyStacBase, register: (app) => myStacRoutes(app, services.myStac) },
    {
      prefix: '',
      register: (app) => {
        tilesRoutes(app, services.tiles);
        hdTileRoutes(app, services.hd);
      },
    },
  ];
}
