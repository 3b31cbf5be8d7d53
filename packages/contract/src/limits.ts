/** Limits and constants of the spec shared by server and browser. */
export const Limits = {
  /** DESIGN §9: NIST SP 800-63B length, stricter than the spec's 6–19 */
  passwordMin: 8,
  passwordMax: 128,
  usernameMax: 64,
  /** AOI, POI and folder names (spec 001 §9) */
  nameMax: 50,
  /** Request timeout of every call (spec 000 §9) */
  requestTimeoutMs: 200_000,
  /** Session lifetimes: a normal login lasts a working day, "remember me" a month. */
  sessionHours: 12,
  rememberedSessionDays: 30,
  /** Idle timeouts on top of the absolute lifetimes (issue 11): unused sessions end sooner. */
  sessionIdleMinutes: 120,
  rememberedSessionIdleDays: 7,
  /**
   * Soft lockout (issue 11): per username and client address, the first failures are free, then
   * each further attempt waits twice as long as the one before (1 s, 2 s, 4 s … up to 15 min);
   * the right password from another address is never refused. The window forgets older failures.
   */
  loginFreeFailures: 5,
  loginMaxDelaySeconds: 900,
  /** Failed logins from one client address (any usernames) in the window before 3004: credential stuffing. */
  loginFailuresPerAddress: 50,
  loginWindowMinutes: 15,
  /** Archive and scene-id result page size (spec 000 §9) */
  archivePageSize: 1000,
  /** Earliest archive search date (spec 000 §5, §9) */
  archiveEarliestDate: '2010-01-01',
  /** AOIs of one search, and their positions in all: bounds the work of one request */
  aoisMax: 20,
  aoiPositionsMax: 20_000,
  /** Search and AOI histories keep the last 10 entries (spec 000 §2, 001 §9) */
  historyEntries: 10,
  /** Tasking prediction (spec 000 §5, §9): the start at most 15 days ahead, the span at most 30 days */
  taskingStartMaxDaysAhead: 15,
  taskingSpanMaxDays: 30,
  /** A prediction warns when its orbital elements are older than this at the window start (DESIGN §1) */
  staleElementsDays: 14,
  /** Scenes of one order (the cart): two result pages */
  orderScenesMax: 2000,
  /** Order tags (spec 001 §5, §9) */
  tagMax: 30,
  /** Order list page (spec 001 §9: 10) and the largest page a client may ask for */
  orderPageSize: 10,
  orderPageMax: 100,
} as const;

/**
 * Organisation types. The spec (001 §1) names 3 (a reseller) and 4 (a customer buying for itself);
 * 1 and 2 are this portal's reading: the provider's own staff, and an organisation that may look
 * but not order (the demo viewer).
 */
export const OrgType = { Provider: 1, Viewer: 2, Reseller: 3, Customer: 4 } as const;

/** `auth.orderType` values (spec 000 §6): 1 archive ordering, 4 tasking ordering. */
export const OrderType = { Archive: 1, Tasking: 4 } as const;

export const Languages = ['en', 'zh'] as const;
export type Language = (typeof Languages)[number];
