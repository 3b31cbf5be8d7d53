import type {
  Aoi,
  AoiEnlargementRequest,
  AoiEnlargementResponse,
  ArchiveOrderRequest,
  AreaCalculationRequest,
  AreaCalculationResponse,
  GroupArea,
  OrderRulesQuery,
  OrderRulesResponse,
  PriceEstimate,
  ProcessingLevel,
  SensorType,
} from '@satportal/contract';

/**
 * What the order service receives from sizing (`OrderSizingService`): the checked, measured and
 * priced content of one order request. Sizing throws the spec's codes (4151, 4156, 4000 with
 * `order.*` keys) before anything is stored, so an order that is sized is an order that may be
 * stored.
 */

/** A scene of an order with the metadata the order detail shows (spec 001 §3 `ips`). */
export interface OrderedScene {
  sceneId: string;
  satId: number;
  satName: string;
  satGroupName: string;
  sensorType: SensorType;
  time: string;
  imageGsd: number;
  cc: number | null;
  ona: number | null;
  sza: number | null;
  productQuality: 'A' | 'B';
  /** the scene's ordered area, km² (clipped to the AOI when clipping) */
  sceneArea: number;
  /** outer rings of the footprint parts, [lon, lat] */
  boundaries: number[][][];
}

/** A sized archive order request (the cart): one order per level will be stored from it. */
export interface ArchiveOrderSizing {
  scenes: OrderedScene[];
  /** the AOIs clipped to (as requested, or the search's), null when ordering whole scenes */
  aois: Aoi[] | null;
  sensorType: SensorType;
  figures: AreaCalculationResponse;
  /** one per requested level, in the request's order */
  estimates: PriceEstimate[];
  groups: GroupArea[];
}

/** A sized tasking order request: the AOI is the ordered area. */
export interface TaskingOrderSizing {
  aois: Aoi[];
  sensorType: SensorType;
  orderArea: number;
  /** Percentage of the AOI the passes' footprints cover together (geodesic). */
  coverable: number;
  /** That part of the AOI, km². */
  coverableArea: number;
  /** The area the estimates are for: the coverable area, never below the groups' minimum order area. */
  pricedArea: number;
  groups: GroupArea[];
  estimates: PriceEstimate[];
}

export type LevelList = readonly ProcessingLevel[];

/** A tasking order to size: the prediction's AOIs, the chosen satellites and the passes it uses. */
export interface TaskingSizingRequest {
  aois: Aoi[];
  satIds: number[];
  sensorType: SensorType;
  levels: ProcessingLevel[];
  priority: 1 | 2 | 3;
  /** the stored prediction's passes the order uses: each its group and footprint parts ([lon, lat] rings) */
  passes: { satGroupName: string; boundaries: number[][][] }[];
}

/**
 * Sizing of orders (docs/ORDERING.md): areas, group minimums and prices. Every refusal is an
 * ApiError thrown before anything is stored.
 */
export interface OrderSizingService {
  calculate(userId: number, request: AreaCalculationRequest): Promise<AreaCalculationResponse>;
  rules(query: OrderRulesQuery): Promise<OrderRulesResponse>;
  enlarge(userId: number, request: AoiEnlargementRequest): Promise<AoiEnlargementResponse>;
  sizeArchiveOrder(userId: number, request: ArchiveOrderRequest): Promise<ArchiveOrderSizing>;
  sizeTaskingOrder(userId: number, request: TaskingSizingRequest): Promise<TaskingOrderSizing>;
}
