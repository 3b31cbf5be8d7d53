import { encodeToken } from '../sort-fields';
import { parseSearch, type RawSearch, StacError } from '../stac.params';
import { type CogMetadata, CogMetadataReader } from './cog-metadata';
import type { MyCursor, MyItemRow, MyOrderRow, MyStacRepository } from './my-stac.repository';

/**
 * "My data as STAC" (issue 27 item 4): the caller's delivered scenes, a collection per order, each
 * scene an item whose asset is its COG. The parameters are the public API's (stac.params.ts) less
 * what this catalogue does not offer (sorting, fields, CQL2 filters): refused, never ignored.
 */

/** The COG of a delivered scene, for its owner only (the tiles module's `DeliveredTiles.cog`). */
export interface DeliveredCogs {
  cog(userId: number, orderNo: string, sceneId: string): Promise<{ path: string; fileName: string } | null>;
}

export interface MyItem {
  row: MyItemRow;
  /** null when its package is gone (expired, removed): the item is listed without its asset */
  cog: { fileName: string; meta: CogMetadata } | null;
}

export interface MyItemPage {
  items: MyItem[];
  /** the token of the next page; null on the last */
  next: string | null;
}

/**
 * Items per page: each needs its COG's header (and, the first time, the COG out of its package),
 * so pages are smaller than the archive's 1000.
 */
export const MY_STAC_MAX_LIMIT = 100;
/** COGs looked at at once while a page is made. */
const CONCURRENCY = 4;

const NOT_OFFERED = ['sortby', 'fields', 'filter', 'filter-lang', 'filter-crs'] as const;
const TOKEN_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeCursor(token: unknown): MyCursor | null {
  if (token === undefined || token === null || token === '') return null;
  const refuse = () => {
    throw new StacError(400, 'BadRequest', 'token is not a page token of this API');
  };
  if (typeof token !== 'string' || token.length > 600) return refuse();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return refuse();
  }
  const ok =
    Array.isArray(values) &&
    values.length === 3 &&
    values.every((v) => typeof v === 'string' && v.length <= 200) &&
    TOKEN_TIME.test(values[0]) &&
    !Number.isNaN(new Date(values[0]).getTime());
  return ok ? (values as MyCursor) : refuse();
}

export class MyStacService {
  constructor(
    private readonly repo: MyStacRepository,
    private readonly cogs: DeliveredCogs,
    private readonly reader = new CogMetadataReader(),
  ) {}

  orders(userId: number): Promise<MyOrderRow[]> {
    return this.repo.orders(userId);
  }

  /** One of the caller's orders with delivered scenes; another user's is not found, as an unknown one. */
  async order(userId: number, orderNumber: string): Promise<MyOrderRow> {
    const [row] = await this.repo.orders(userId, orderNumber);
    if (!row) throw new StacError(404, 'NotFound', `no collection ${orderNumber}`);
    return row;
  }

  /** A page of the caller's items; `collection` restricts to one order (its items endpoint). */
  async search(
    userId: number,
    raw: RawSearch,
    options: { collection?: string; post?: boolean } = {},
  ): Promise<MyItemPage> {
    for (const name of NOT_OFFERED) {
      if (raw[name] !== undefined) throw new StacError(400, 'BadRequest', `${name} is not offered here`);
    }
    const { token, ...rest } = raw;
    const search = parseSearch(rest, options.post ?? false);
    const after = decodeCursor(token);
    let orderNumbers = search.collections;
    if (options.collection !== undefined) {
      await this.order(userId, options.collection);
      orderNumbers = [options.collection];
    }
    const limit = Math.min(search.limit, MY_STAC_MAX_LIMIT);
    const rows = await this.repo.items(
      userId,
      {
        orderNumbers,
        sceneIds: search.ids,
        area: search.areas?.[0] ?? null,
        from: search.from,
        to: search.to,
      },
      limit + 1,
      after,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const items: MyItem[] = [];
    for (let i = 0; i < page.length; i += CONCURRENCY) {
      items.push(
        ...(await Promise.all(page.slice(i, i + CONCURRENCY).map((row) => this.itemOf(userId, row)))),
      );
    }
    return {
      items,
      next: rows.length > limit && last ? encodeToken([last.t, last.order_number, last.scene_id]) : null,
    };
  }

  private async itemOf(userId: number, row: MyItemRow): Promise<MyItem> {
    // The cached copy may be evicted between finding and reading it: then it is made again, once.
    for (let attempt = 0; ; attempt++) {
      const cog = await this.cogs.cog(userId, row.order_number, row.scene_id);
      if (!cog) return { row, cog: null };
      try {
        return { row, cog: { fileName: cog.fileName, meta: await this.reader.read(cog.path) } };
      } catch (error) {
        if (attempt > 0 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}
