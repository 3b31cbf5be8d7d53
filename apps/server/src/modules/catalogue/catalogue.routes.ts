import {
  OrbitalElementsStatus,
  Paths,
  ResolutionsResponse,
  SatellitesQuery,
  SatellitesResponse,
} from '@satportal/contract';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { CatalogueService } from './catalogue.service';
import type { ElementsRefreshService } from './elements-refresh.service';

/** The satellite catalogue (spec 000 §7 "Satellites", "Resolutions"); every caller needs a session. */
export function catalogueRoutes(
  app: Http,
  catalogue: CatalogueService,
  elements: Pick<ElementsRefreshService, 'status'>,
): void {
  app.get(
    Paths.satellites,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listSatellites',
        tags: ['catalogue'],
        summary: 'Satellites and satellite groups (spec 000 §7 Satellites)',
        querystring: SatellitesQuery,
        response: responses(SatellitesResponse),
      },
    },
    async (request) => ok(await catalogue.listSatellites({ taskable: request.query.taskable ?? false })),
  );

  app.get(
    Paths.resolutions,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listResolutions',
        tags: ['catalogue'],
        summary: 'Resolution classes 1–5 (spec 000 §7 Resolutions)',
        response: responses(ResolutionsResponse),
      },
    },
    async () => ok(catalogue.listResolutions()),
  );

  app.get(
    Paths.satelliteElements,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getOrbitalElementsStatus',
        tags: ['catalogue'],
        summary:
          "Each satellite's orbital elements' age and the last refresh from the configured source (issue 28)",
        response: responses(OrbitalElementsStatus),
      },
    },
    async () => ok(await elements.status()),
  );
}
