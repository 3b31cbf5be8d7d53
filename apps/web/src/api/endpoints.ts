import {
  type AoiAddRequest,
  type AoiDeleteResponse,
  type AoiEnlargementRequest,
  type AoiEnlargementResponse,
  type AoiExportFormat,
  type AoiListResponse,
  type AoiNode,
  type AoiSearchHistoryResponse,
  type AoiUploadResponse,
  type ArchiveOrderRequest,
  type ArchiveSearchHistoryResponse,
  type ArchiveSearchQuery,
  type ArchiveSearchRequest,
  type ArchiveSearchResponse,
  type AreaCalculationRequest,
  type AreaCalculationResponse,
  apiPath,
  type CompanyListResponse,
  type HealthResponse,
  IdempotencyHeader,
  type LoginRequest,
  type LoginResponse,
  type LogoutEverywhereResponse,
  type MyDataListRequest,
  type OrbitalElementsStatus,
  type OrderCancelResponse,
  type OrderDetailResponse,
  type OrderListQuery,
  type OrderListResponse,
  type OrderRulesQuery,
  type OrderRulesResponse,
  type OrderSuccessResponse,
  type OrderTagsRequest,
  type OrderTagsResponse,
  type PasswordChangeRequest,
  Paths,
  type ResolutionsResponse,
  ResultCode,
  type SatellitesResponse,
  type SceneIdSearchResponse,
  type StoredArchiveSearch,
  type SubscriptionListQuery,
  type TaskingOrderRequest,
  type TaskingPredictionRequest,
  type TaskingPredictionResponse,
  type TaskingPriceRequest,
  type TaskingPriceResponse,
  type UsageRequest,
  type User,
} from '@satportal/contract';
import { bindAccountEndpoints } from './accountEndpoints';
import type { ApiClient } from './client';
import { type Extra, pathWithId } from './endpointParts';

/** The order codes a dialog shows itself (4151 below a minimum, 4156 out of range or too narrow, 4000 `order.*`). */
const orderCodes = [ResultCode.AreaBelowMinimum, ResultCode.OutOfGroupRange, ResultCode.ValidationFailed];
/** An order submit's dialog also says why its key was refused (409 in flight, 422 another body). */
const submitCodes = [...orderCodes, ResultCode.Conflict, ResultCode.IdempotencyKeyReused];

/**
 * The API's endpoints, typed by the contract (request and response types come from
 * `@satportal/contract`, never written here).
 */
export function bindEndpoints(client: ApiClient) {
  return {
    health: (extra: Extra = {}) =>
      client.request<HealthResponse>(apiPath(Paths.health), { token: null, ...extra }),

    /** Wrong credentials (3002) and too many attempts (3004) are shown by the login form itself. */
    login: (body: LoginRequest, extra: Extra = {}) =>
      client.request<LoginResponse>(apiPath(Paths.login), {
        method: 'POST',
        body,
        token: null,
        handles: [ResultCode.LoginFailed, ResultCode.TooManyAttempts],
        ...extra,
      }),

    logout: (extra: Extra = {}) => client.request<null>(apiPath(Paths.logout), { method: 'POST', ...extra }),

    /** Ends every session of the account (this one too), their tile cookies and the tile key. */
    logoutEverywhere: (extra: Extra = {}) =>
      client.request<LogoutEverywhereResponse>(apiPath(Paths.logoutEverywhere), { method: 'POST', ...extra }),

    /** A wrong old password (3003) and field errors (4000) are shown on the form. */
    changePassword: (body: PasswordChangeRequest, extra: Extra = {}) =>
      client.request<null>(apiPath(Paths.passwordChange), {
        method: 'POST',
        body,
        handles: [ResultCode.WrongOldPassword, ResultCode.ValidationFailed],
        ...extra,
      }),

    me: (extra: Extra = {}) => client.request<User>(apiPath(Paths.me), extra),

    /** "My AOIs" with its folders and AOIs (type 1, no geometry), or "My POIs" with its POIs (type 2). */
    /** One page of a tree (the server answers at most `AoiTreeLimits.pageMax` nodes at a time). */
    aois: (type: 1 | 2, start = 0, extra: Extra = {}) =>
      client.request<AoiListResponse>(apiPath(Paths.aois), { query: { type, start }, ...extra }),

    /** One node with its geometry. */
    aoi: (id: number, extra: Extra = {}) => client.request<AoiNode>(pathWithId(Paths.aoi, id), extra),

    /** A folder (hasGeo false), an AOI (geometry type 4) or a POI (geometry type 1). */
    addAoi: (body: AoiAddRequest, extra: Extra = {}) =>
      client.request<AoiNode>(apiPath(Paths.aois), { method: 'POST', body, ...extra }),

    renameAoi: (id: number, name: string, extra: Extra = {}) =>
      client.request<AoiNode>(pathWithId(Paths.aoi, id), { method: 'PUT', body: { name }, ...extra }),

    moveAoi: (id: number, parentId: number, extra: Extra = {}) =>
      client.request<AoiNode>(pathWithId(Paths.aoiMove, id), { method: 'PUT', body: { parentId }, ...extra }),

    /** Folders go with everything in them. */
    deleteAois: (ids: readonly number[], extra: Extra = {}) =>
      client.request<AoiDeleteResponse>(apiPath(Paths.aois), {
        method: 'DELETE',
        query: { ids: ids.join(','), deletedChild: true },
        ...extra,
      }),

    /** The file and its name; a file without content-disposition is `aoi.delerror` (spec 001 §8). */
    exportAois: (ids: readonly number[], format: AoiExportFormat, extra: Extra = {}) =>
      client.download(apiPath(Paths.aoisExport), 'aoi.delerror', {
        query: { ids: ids.join(','), format },
        ...extra,
      }),

    /** Multipart: file, aoiParentId, poiParentId (spec 001 §7 aoi/upload). */
    uploadAois: (file: File, aoiParentId: number, extra: Extra = {}) => {
      const form = new FormData();
      form.append('aoiParentId', String(aoiParentId));
      form.append('poiParentId', '-1');
      form.append('file', file, file.name);
      return client.request<AoiUploadResponse>(apiPath(Paths.aoisUpload), { method: 'POST', form, ...extra });
    },

    aoiSearchHistory: (extra: Extra = {}) =>
      client.request<AoiSearchHistoryResponse>(apiPath(Paths.aoiSearchHistory), extra),

    clearAoiSearchHistory: (extra: Extra = {}) =>
      client.request<null>(apiPath(Paths.aoiSearchHistory), { method: 'DELETE', ...extra }),

    archiveSearchHistory: (extra: Extra = {}) =>
      client.request<ArchiveSearchHistoryResponse>(apiPath(Paths.archiveSearchHistory), extra),

    clearArchiveSearchHistory: (extra: Extra = {}) =>
      client.request<null>(apiPath(Paths.archiveSearchHistory), { method: 'DELETE', ...extra }),

    /** The satellite catalogue: every archive satellite (`taskable` false) or only taskable ones. */
    satellites: (taskable: boolean, extra: Extra = {}) =>
      client.request<SatellitesResponse>(apiPath(Paths.satellites), { query: { taskable }, ...extra }),

    /** Each satellite's orbital elements' age and the last refresh from the configured source (issue 28). */
    satelliteElements: (extra: Extra = {}) =>
      client.request<OrbitalElementsStatus>(apiPath(Paths.satelliteElements), extra),

    resolutions: (extra: Extra = {}) =>
      client.request<ResolutionsResponse>(apiPath(Paths.resolutions), extra),

    /** A new search (no taskId) or get more (the taskId and the next page.start); sort as `?sort=`. */
    archiveSearch: (body: ArchiveSearchRequest, sort: ArchiveSearchQuery['sort'], extra: Extra = {}) =>
      client.request<ArchiveSearchResponse>(apiPath(Paths.archiveSearch), {
        method: 'POST',
        body,
        query: { sort },
        ...extra,
      }),

    /** A 3001 opens the login dialog instead of leaving the map (spec 000 §2). */
    archiveSearchByIds: (sceneIds: readonly string[], extra: Extra = {}) =>
      client.request<SceneIdSearchResponse>(apiPath(Paths.archiveSearchByIds), {
        method: 'POST',
        body: { sceneIds },
        onInvalidSession: 'dialog',
        ...extra,
      }),

    /** What one of the caller's stored searches asked (a link names it by its taskId, issue 28 #6). */
    storedSearch: (taskId: string, extra: Extra = {}) =>
      client.request<StoredArchiveSearch>(
        apiPath(Paths.archiveSearchById).replace(':taskId', encodeURIComponent(taskId)),
        extra,
      ),

    /** Passes over an AOI (issue 6); a 3001 opens the login dialog so the tasking panel keeps its state. */
    taskingPrediction: (body: TaskingPredictionRequest, extra: Extra = {}) =>
      client.request<TaskingPredictionResponse>(apiPath(Paths.taskingPredictions), {
        method: 'POST',
        body,
        onInvalidSession: 'dialog',
        ...extra,
      }),

    /** The cart's areas, gap and estimate (spec 000 §7 "Area calculation"). */
    areaCalculation: (body: AreaCalculationRequest, extra: Extra = {}) =>
      client.request<AreaCalculationResponse>(apiPath(Paths.areaCalculation), {
        method: 'POST',
        body,
        handles: orderCodes,
        ...extra,
      }),

    /** Satellite-group minimums (spec 000 §7 "Satellite-group rules"). */
    orderRules: (query: OrderRulesQuery, extra: Extra = {}) =>
      client.request<OrderRulesResponse>(apiPath(Paths.orderRules), { query, ...extra }),

    /** "Enlarge to the minimum": the smallest buffer of the AOI meeting every group's minimums. */
    aoiEnlargement: (body: AoiEnlargementRequest, extra: Extra = {}) =>
      client.request<AoiEnlargementResponse>(apiPath(Paths.aoiEnlargement), {
        method: 'POST',
        body,
        handles: orderCodes,
        ...extra,
      }),

    /** One order per level; the body's idempotency key makes a repeated submit answer the first result. */
    orderArchive: (body: ArchiveOrderRequest, idempotencyKey: string, direct = false, extra: Extra = {}) =>
      client.request<OrderSuccessResponse>(
        apiPath(direct ? Paths.archiveOrdersDirect : Paths.archiveOrders),
        {
          method: 'POST',
          body,
          headers: { [IdempotencyHeader]: idempotencyKey },
          handles: submitCodes,
          ...extra,
        },
      ),

    taskingPrice: (body: TaskingPriceRequest, extra: Extra = {}) =>
      client.request<TaskingPriceResponse>(apiPath(Paths.taskingPrice), {
        method: 'POST',
        body,
        handles: orderCodes,
        ...extra,
      }),

    orderTasking: (body: TaskingOrderRequest, idempotencyKey: string, extra: Extra = {}) =>
      client.request<OrderSuccessResponse>(apiPath(Paths.taskingOrders), {
        method: 'POST',
        body,
        headers: { [IdempotencyHeader]: idempotencyKey },
        handles: submitCodes,
        ...extra,
      }),

    /** End-user companies a reseller has ordered for (spec 001 §7 "GET company list"). */
    companies: (company: string, extra: Extra = {}) =>
      client.request<CompanyListResponse>(apiPath(Paths.companies), { query: { company }, ...extra }),

    orderTags: (extra: Extra = {}) => client.request<OrderTagsResponse>(apiPath(Paths.orderTags), extra),

    tagOrders: (body: OrderTagsRequest, extra: Extra = {}) =>
      client.request<null>(apiPath(Paths.orderTags), { method: 'PUT', body, ...extra }),

    renameOrderTag: (orderId: number, tag: string, extra: Extra = {}) =>
      client.request<null>(pathWithId(Paths.orderTag, orderId), { method: 'PUT', body: { tag }, ...extra }),

    deleteOrderTag: (orderId: number, extra: Extra = {}) =>
      client.request<null>(pathWithId(Paths.orderTag, orderId), { method: 'DELETE', ...extra }),

    /** The order centre's list (spec 001 §7 GET order list): by tab, tag and number or AOI name. */
    orders: (query: OrderListQuery, extra: Extra = {}) =>
      client.request<OrderListResponse>(apiPath(Paths.orders), { query, ...extra }),

    orderDetail: (id: number, extra: Extra = {}) =>
      client.request<OrderDetailResponse>(apiPath(Paths.orderDetail), {
        method: 'POST',
        body: { id },
        ...extra,
      }),

    /** The whole envelope: 2000 cancelled, 2001 cancelled but for the parts already delivered. */
    cancelOrder: (id: number, extra: Extra = {}) =>
      client.send<OrderCancelResponse>(apiPath(Paths.orderCancel), {
        method: 'POST',
        body: { id },
        ...extra,
      }),

    /**
     * A delivered package by its signed link (`pkgUrl`, already under /api/v1), with the session;
     * a file without content-disposition is refused with `missingNameKey` (the caller's message:
     * the order centre's, whose messages load with it).
     */
    downloadPackage: (pkgUrl: string, missingNameKey: string, extra: Extra = {}) =>
      client.download(pkgUrl, missingNameKey, extra),

    ...bindAccountEndpoints(client),
  };
}

export type Api = ReturnType<typeof bindEndpoints>;

/** TanStack Query keys: server state is keyed by endpoint (DESIGN §6). */
export const queryKeys = {
  health: [Paths.health],
  me: [Paths.me],
  /** Every AOI and POI list: invalidating it refreshes both trees. */
  aois: [Paths.aois],
  aoiTree: [Paths.aois, 1],
  poiList: [Paths.aois, 2],
  aoi: (id: number) => [Paths.aoi, id] as const,
  aoiSearchHistory: [Paths.aoiSearchHistory],
  archiveSearchHistory: [Paths.archiveSearchHistory],
  satellites: (taskable: boolean) => [Paths.satellites, taskable] as const,
  satelliteElements: [Paths.satelliteElements],
  orderTags: [Paths.orderTags],
  /** Every order list (any tab, tag, search): invalidating it refreshes them all. */
  orders: [Paths.orders],
  orderList: (query: Omit<OrderListQuery, 'start' | 'length'>) => [Paths.orders, query] as const,
  orderDetail: (id: number) => [Paths.orderDetail, id] as const,
  orderRules: (query: OrderRulesQuery) => [Paths.orderRules, query] as const,
  companies: (company: string) => [Paths.companies, company] as const,
  /** Every my-data list (any filter): invalidating it refreshes them all. */
  myData: [Paths.myDataScenes],
  myDataList: (body: Omit<MyDataListRequest, 'start' | 'length'>) => [Paths.myDataScenes, body] as const,
  myDataBatches: [Paths.myDataBatches],
  usage: (body: UsageRequest) => [Paths.usage, body] as const,
  tileKeyStatus: [Paths.tileKey],
  apiKeys: [Paths.apiKeys],
  hdYears: [Paths.hdYears],
  subscriptions: [Paths.subscriptions],
  subscriptionList: (query: SubscriptionListQuery) => [Paths.subscriptions, query] as const,
  subscription: (id: number) => [Paths.subscription, id] as const,
  subscriptionItems: (id: number) => [Paths.subscriptionItems, id] as const,
  subscriptionStatus: [Paths.subscriptionStatus],
  unreadNotices: [Paths.unreadNotices],
  webhooks: [Paths.webhooks],
  webhookDeliveries: (id: number) => [Paths.webhookDeliveries, id] as const,
} as const;
