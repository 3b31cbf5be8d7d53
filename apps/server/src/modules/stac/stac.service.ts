import { Params } from '../../db/params';
import { Cql2Error, type Cql2Geometry } from './cql2/ast';
import { compileFilter, geometryLiterals, type PreparedGeometry } from './cql2/filter-sql';
import { type Queryable, queryablesOf } from './queryables';
import type { Fields } from './sort-fields';
import { encodeToken } from './sort-fields';
import {
  parseBbox,
  parseIntersects,
  parseSearch,
  type RawSearch,
  StacError,
  type StacSearch,
  slugOf,
} from './stac.params';
import type { StacGroupRow, StacItemFilter, StacItemRow, StacRepository } from './stac.repository';

export interface ItemPage {
  rows: StacItemRow[];
  /** the token of the next page, null on the last */
  next: string | null;
  /** how many items match (first pages only, when counting is cheap: STAC_COUNT_CAP); else undefined */
  matched?: number;
  fields: Fields | null;
}

/**
 * `numberMatched` is exact or absent, never a guess. The first page of a search counts its
 * matches while they are at most these many; past it the answer has no numberMatched, and later
 * pages (with a token) never count again. A count that needs only indexes (collections, time,
 * ids: what `ogrinfo -so` asks of a collection) reads index entries, ~25 ms per 100,000 on
 * PostgreSQL; one with an area or a filter reads each match's row and footprint, about 100
 * times as much each, and is only made when the planner expects at most its cap (docs/API.md
 * "STAC API", `npm run bench:stac`).
 */
export const STAC_COUNT_CAP = { byIndex: 200_000, byRows: 10_000 };

/** Geometry literals one filter may hold (each is checked and split at ±180° by the database). */
export const FILTER_MAX_GEOMETRIES = 10;

/** The STAC API over the archive: read-only, public (the provider's catalogue, no customer data). */
export class StacService {
  constructor(
    private readonly repo: StacRepository,
    private readonly countCap = STAC_COUNT_CAP,
  ) {}

  /** Counts a search's matches within its cap: by index entries, or (an area, a filter) by rows. */
  private count(where: StacItemFilter): Promise<number | null> {
    const byIndex = where.area === null && where.filter === null;
    return this.repo.count(where, byIndex ? this.countCap.byIndex : this.countCap.byRows, !byIndex);
  }

  groups(): Promise<StacGroupRow[]> {
    return this.repo.groups();
  }

  async group(id: string): Promise<StacGroupRow> {
    const group = (await this.repo.groups()).find((g) => slugOf(g.category) === id);
    if (!group) throw new StacError(404, 'NotFound', `no collection ${id}`);
    return group;
  }

  /** The queryables of the archive, or of one collection (its platforms only). */
  async queryables(collection?: string): Promise<Map<string, Queryable>> {
    const groups = collection === undefined ? await this.repo.groups() : [await this.group(collection)];
    return queryablesOf(groups);
  }

  /** Items of a search; `collection` restricts to one (the collection's items endpoint). */
  async search(raw: RawSearch, options: { collection?: string; post?: boolean } = {}): Promise<ItemPage> {
    const search: StacSearch = parseSearch(raw, options.post ?? false);
    const groups = await this.repo.groups();
    let wanted = search.collections;
    const { collection } = options;
    if (collection !== undefined) {
      if (!groups.some((g) => slugOf(g.category) === collection))
        throw new StacError(404, 'NotFound', `no collection ${collection}`);
      wanted = [collection];
    }
    const satelliteIds = wanted
      ? groups.filter((g) => wanted.includes(slugOf(g.category))).flatMap((g) => g.satellite_ids)
      : null;
    const area = search.areas ? await this.prepareArea(search.areas[0]!, 'the search area') : null;
    let filter: StacItemFilter['filter'] = null;
    if (search.filter) {
      const context = { queryables: queryablesOf(groups), geometries: await this.prepareFilter(search) };
      // Names and types checked before any query: a filter's mistake is the client's 400.
      try {
        compileFilter(search.filter, context, new Params());
      } catch (e) {
        if (e instanceof Cql2Error) throw new StacError(400, 'BadRequest', `filter: ${e.message}`);
        throw e;
      }
      filter = { tree: search.filter, context };
    }
    if (satelliteIds?.length === 0 || search.ids?.length === 0)
      return { rows: [], next: null, fields: search.fields, ...(search.after ? {} : { matched: 0 }) };
    const where: StacItemFilter = {
      area,
      from: search.from,
      to: search.to,
      ids: search.ids,
      satelliteIds,
      filter,
    };
    const [rows, matched] = await Promise.all([
      this.repo.items(where, search.order, search.limit + 1, search.after),
      search.after ? Promise.resolve(null) : this.count(where),
    ]);
    const more = rows.length > search.limit;
    const page = more ? rows.slice(0, search.limit) : rows;
    const last = page.at(-1);
    return {
      rows: page,
      next: more && last ? encodeToken(last.token) : null,
      fields: search.fields,
      ...(matched === null ? {} : { matched }),
    };
  }

  private async prepareArea(
    area: { type: 'MultiPolygon'; coordinates: number[][][][] },
    what: string,
  ): Promise<string> {
    const prepared = await this.repo.areas.prepareAois([area]);
    const problem = prepared.aois.find((a) => a.problem !== null)?.problem;
    if (problem || !prepared.union) {
      throw new StacError(400, 'BadRequest', `${what} is not a valid polygon: ${problem ?? 'empty'}`);
    }
    return prepared.union;
  }

  /**
   * The filter's geometry literals made ready: areas (polygons, boxes) checked and split at
   * ±180° as the `intersects` parameter is; points and lines checked in range and passed as
   * GeoJSON.
   */
  private async prepareFilter(search: StacSearch): Promise<Map<Cql2Geometry, PreparedGeometry>> {
    const literals = search.filter ? geometryLiterals(search.filter) : [];
    if (literals.length > FILTER_MAX_GEOMETRIES)
      throw new StacError(400, 'BadRequest', `filter: at most ${FILTER_MAX_GEOMETRIES} geometries`);
    const prepared = new Map<Cql2Geometry, PreparedGeometry>();
    for (const g of literals) {
      const refused = (e: unknown): never => {
        if (e instanceof StacError) throw new StacError(400, 'BadRequest', `filter: ${e.description}`);
        throw e;
      };
      if (g.type === 'BBox' || g.type === 'Polygon' || g.type === 'MultiPolygon') {
        let area: { type: 'MultiPolygon'; coordinates: number[][][][] };
        try {
          area = g.type === 'BBox' ? parseBbox(g.bbox) : parseIntersects(g);
        } catch (e) {
          refused(e);
        }
        prepared.set(g, { kind: 'area', ewkb: await this.prepareArea(area!, 'filter: a geometry') });
      } else if (g.type !== 'GeometryCollection') {
        const c = g.coordinates as number[] | number[][] | number[][][];
        const pairs = (g.type === 'Point' ? [c] : g.type === 'MultiLineString' ? c.flat() : c) as number[][];
        if (pairs.length > 10_000 || pairs.some(([x, y]) => Math.abs(x!) > 180 || Math.abs(y!) > 90))
          throw new StacError(
            400,
            'BadRequest',
            'filter: points and lines hold at most 10,000 positions within ±180° longitude and ±90° latitude',
          );
        prepared.set(g, { kind: 'shape', geojson: JSON.stringify(g) });
      }
    }
    return prepared;
  }
}
