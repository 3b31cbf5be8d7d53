/** Paths of the API, named once so server routes, client calls and tests agree. */
export const ApiBase = '/api/v1';

export const Paths = {
  health: '/health',
  login: '/auth/login',
  logout: '/auth/logout',
  /** sign out everywhere (issue 26): every session of the account, this one too, and its tile key */
  logoutEverywhere: '/auth/logout/all',
  passwordChange: '/auth/password',
  /** API keys of programs (issue 27): POST create (the key shown once), GET list */
  apiKeys: '/api-keys',
  /** DELETE revokes one key */
  apiKey: '/api-keys/:id',
  me: '/me',
  satellites: '/satellites',
  /** GET each satellite's orbital elements' age and the last refresh from the configured source (issue 28) */
  satelliteElements: '/satellites/elements',
  resolutions: '/resolutions',
  archiveSearch: '/archive/search',
  archiveSearchByIds: '/archive/search/by-ids',
  archiveSearchHistory: '/archive/search/history',
  /** GET one stored search of the caller by its taskId: what was asked (a link to it, issue 28 #6) */
  archiveSearchById: '/archive/searches/:taskId',
  aoiSearchHistory: '/aois/search/history',
  aois: '/aois',
  aoi: '/aois/:id',
  aoiMove: '/aois/:id/move',
  aoiTime: '/aois/:id/time',
  aoisExport: '/aois/export',
  aoisUpload: '/aois/upload',
  taskingPredictions: '/tasking/predictions',
  taskingPrice: '/tasking/price',
  taskingOrders: '/orders/tasking',
  areaCalculation: '/orders/area-calculation',
  orderRules: '/orders/rules',
  aoiEnlargement: '/orders/aoi-enlargement',
  archiveOrders: '/orders/archive',
  archiveOrdersDirect: '/orders/archive/direct',
  companies: '/orders/companies',
  orderTags: '/orders/tags',
  orderTag: '/orders/:id/tags',
  orders: '/orders',
  orderDetail: '/orders/detail',
  orderCancel: '/orders/cancel',
  /** `GET oss/` + the object key (wildcard): delivered packages, signed links. */
  download: '/oss/*',
  /** spec 000 §7 my-data list (POST) and batch names (GET) */
  myDataScenes: '/my-data/scenes',
  myDataBatches: '/my-data/batches',
  /** spec 001 §7 `POST common/user/statistics/flow/usage` */
  usage: '/usage/flow',
  /** the account's time zone (issue 15): saved to the account, every time shown follows it */
  meTimeZone: '/me/timezone',
  /** tile keys: POST issue for this device, GET status, DELETE revoke (account centre) */
  tileKey: '/tiles/key',
  /** webhooks (issue 27): GET list, POST create (the secret answered once) */
  webhooks: '/webhooks',
  /** PUT change, DELETE one endpoint */
  webhook: '/webhooks/:id',
  /** POST rotates the signing secret (the old one still signs for 24 h) */
  webhookSecret: '/webhooks/:id/secret',
  /** POST sends a `webhook.test` event through the queue */
  webhookTest: '/webhooks/:id/test',
  /** GET the endpoint's delivery log, newest first */
  webhookDeliveries: '/webhooks/:id/deliveries',
  /** years of the HD mosaics */
  hdYears: '/hd/years',
  /** spec 000 §7 subscriptions: POST create, GET list */
  subscriptions: '/subscriptions',
  /** GET one subscription (a link to it, issue 28 #6), DELETE one */
  subscription: '/subscriptions/:id',
  /** GET the matched scenes of one subscription */
  subscriptionItems: '/subscriptions/:id/items',
  /** GET the unread flag (red dot), PUT marks it read */
  subscriptionStatus: '/subscriptions/status',
  /** GET the newest unread notice (limit 1) */
  unreadNotices: '/notices/unread',
  /** PUT marks one notice read */
  noticeRead: '/notices/:id/read',
} as const;

export const apiPath = (p: (typeof Paths)[keyof typeof Paths]) => `${ApiBase}${p}`;
