import { encodeCursor, parseSearch, type RawSearch, StacError, type StacSearch, slugOf } from './stac.params';
import type { StacGroupRow, StacItemRow, StacRepository } from './stac.repository';

export interface ItemPage {
  rows: StacItemRow[];
  /** the token of the next page, null on the last */
  next: string | null;
}

/** The STAC API over the archive: read-only, public (the provider's catalogue, no customer data). */
export class StacService {
  constructor(private readonly repo: StacRepository) {}

  groups(): Promise<StacGroupRow[]> {
    return this.repo.groups();
  }

  async group(id: string): Promise<StacGroupRow> {
    const group = (await this.repo.groups()).find((g) => slugOf(g.category) === id);
    if (!group) throw new StacError(404, 'NotFound', `no collection ${id}`);
    return group;
  }

  /** Items of a search; `collection` restricts to one (the collection's items endpoint). */
  async search(raw: RawSearch, collection?: string): Promise<ItemPage> {
    const search: StacSearch = parseSearch(raw);
    const groups = await this.repo.groups();
    let wanted = search.collections;
    if (collection !== undefined) {
      if (!groups.some((g) => slugOf(g.category) === collection))
        throw new StacError(404, 'NotFound', `no collection ${collection}`);
      wanted = [collection];
    }
    const groupIds = wanted
      ? groups.filter((g) => wanted.includes(slugOf(g.category))).map((g) => g.id)
      : null;
    let area: string | null = null;
    if (search.areas) {
      const prepared = await this.repo.areas.prepareAois(search.areas);
      const problem = prepared.aois.find((a) => a.problem !== null)?.problem;
      if (problem || !prepared.union) {
        throw new StacError(
          400,
          'BadRequest',
          `the search area is not a valid polygon: ${problem ?? 'empty'}`,
        );
      }
      area = prepared.union;
    }
    if (groupIds?.length === 0 || search.ids?.length === 0) return { rows: [], next: null };
    const rows = await this.repo.items(
      { area, from: search.from, to: search.to, ids: search.ids, groupIds },
      search.limit + 1,
      search.after,
    );
    const more = rows.length > search.limit;
    const page = more ? rows.slice(0, search.limit) : rows;
    const last = page.at(-1);
    return { rows: page, next: more && last ? encodeCursor({ t: last.cursor_time, id: last.id }) : null };
  }
}
