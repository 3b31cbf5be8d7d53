import {
  AoiSearchHistoryResponse,
  ArchiveSearchHistoryResponse,
  ArchiveSearchIdParams,
  ArchiveSearchQuery,
  ArchiveSearchRequest,
  ArchiveSearchResponse,
  Paths,
  SceneIdSearchRequest,
  SceneIdSearchResponse,
  StoredArchiveSearch,
} from '@satportal/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { ArchiveService } from './archive.service';

/** Archive search, scene-id search and the search histories; every caller needs a session. */
export function archiveRoutes(app: Http, archive: ArchiveService): void {
  app.post(
    Paths.archiveSearch,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'searchArchive',
        tags: ['archive'],
        summary: 'Archive search (spec 000 §7): a new search, or "get more" with its taskId',
        querystring: ArchiveSearchQuery,
        body: ArchiveSearchRequest,
        response: responses(ArchiveSearchResponse),
      },
    },
    async (request) =>
      ok(await archive.search(principalOf(request).user.id, request.body, request.query.sort)),
  );

  app.post(
    Paths.archiveSearchByIds,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'searchArchiveByIds',
        tags: ['archive'],
        summary: 'Scene-id search (spec 000 §7): the known scenes and the unknown ids',
        body: SceneIdSearchRequest,
        response: responses(SceneIdSearchResponse),
      },
    },
    async (request) => ok(await archive.searchByIds(principalOf(request).user.id, request.body.sceneIds)),
  );

  app.get(
    Paths.archiveSearchById,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getStoredSearch',
        tags: ['archive'],
        summary:
          "One of the caller's stored searches by its taskId (issue 28 #6): its kind and what it asked (an AOI search's request and sort, a scene-id search's ids, or the subscription whose items it lists); its pages come from the call that made it, with the taskId. Another user's, an unknown or a purged search (30 days) is 4004",
        params: ArchiveSearchIdParams,
        response: responses(StoredArchiveSearch),
      },
    },
    async (request) => ok(await archive.storedSearch(principalOf(request).user.id, request.params.taskId)),
  );

  app.get(
    Paths.archiveSearchHistory,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listSearchHistory',
        tags: ['archive'],
        summary: 'Archive search history, the last 10 (spec 001 §7 archive/search/condition-his)',
        response: responses(ArchiveSearchHistoryResponse),
      },
    },
    async (request) => ok(await archive.archiveHistory(principalOf(request).user.id)),
  );

  app.delete(
    Paths.archiveSearchHistory,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'clearSearchHistory',
        tags: ['archive'],
        summary: 'Clear the archive search history (spec 001 §7 …/condition-his/clear)',
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await archive.clearArchiveHistory(principalOf(request).user.id);
      return ok(null);
    },
  );

  app.get(
    Paths.aoiSearchHistory,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listAoiSearchHistory',
        tags: ['archive'],
        summary: 'AOI search history, the last 10 (spec 001 §7 aoi/archive/search/condition-his)',
        response: responses(AoiSearchHistoryResponse),
      },
    },
    async (request) => ok(await archive.aoiHistory(principalOf(request).user.id)),
  );

  app.delete(
    Paths.aoiSearchHistory,
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'clearAoiSearchHistory',
        tags: ['archive'],
        summary: 'Clear the AOI search history (spec 001 §7 …/condition-his/clear)',
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await archive.clearAoiHistory(principalOf(request).user.id);
      return ok(null);
    },
  );
}
