import type {
  AreaCalculationRequest,
  AreaCalculationResponse,
  Language,
  ProcessingLevel,
  User,
} from '@satportal/contract';
import { OrderType, Paths } from '@satportal/contract';
import { formatNumber } from '../../shared/format/numbers';
import type { CartSearch } from './cartPersistence';

/** What an area calculation prices: the cart box asks with no clipping and no level (the lowest offered). */
export interface AreaOptions {
  clipping: boolean;
  levels?: readonly ProcessingLevel[];
  isQualityTesting?: boolean;
}

/**
 * The request of spec 000 §7 for the cart's scenes. The ids are sorted so that the same cart asks
 * the same question (and hits the same cached answer) whatever order the scenes were picked in.
 * A scene-id search (no AOIs) orders whole scenes; without a search the scenes are taken whole too.
 */
export function areaCalculationRequest(
  sceneIds: readonly string[],
  search: CartSearch | null,
  options: AreaOptions,
): AreaCalculationRequest {
  const bySceneId = search?.aois == null;
  return {
    taskId: search?.taskId || null,
    isOrderBySceneId: bySceneId,
    ipr: {
      process: {
        level: options.levels && options.levels.length > 0 ? [...options.levels] : null,
        clipping: bySceneId ? false : options.clipping,
        isQualityTesting: options.isQualityTesting ?? false,
      },
      ips: [...sceneIds].sort().map((sceneId) => ({ sceneId })),
    },
  };
}

/** TanStack Query key of an area calculation: the endpoint and the whole request (the cart's content). */
export const areaCalculationKey = (request: AreaCalculationRequest) =>
  [Paths.areaCalculation, request] as const;

/** The figures the cart box shows; all zero for an empty cart (spec 000 §4, §5: no call is made). */
export type CartFigures = Pick<
  AreaCalculationResponse,
  | 'totalArea'
  | 'overlapArea'
  | 'orderArea'
  | 'overlapChargeableArea'
  | 'estimatedOrderAmount'
  | 'currencyType'
  | 'gapArea'
>;

export const emptyCartFigures: CartFigures = {
  totalArea: 0,
  overlapArea: 0,
  orderArea: 0,
  overlapChargeableArea: 0,
  estimatedOrderAmount: 0,
  currencyType: 1,
  gapArea: 0,
};

/** Currency symbols of spec 001 §9: 1 $, 2 €. */
export const currencySymbols: Record<1 | 2, string> = { 1: '$', 2: '€' };

/** km², 2 decimals (spec 000 §9), in the language's notation. */
export const formatArea = (km2: number, language: Language) => `${formatNumber(km2, language, 2)} km²`;

/**
 * An amount with its currency's symbol in front ("$1,234.50"): Intl's currency style writes
 * "US$" for dollars in Chinese, and the spec names the symbols.
 */
export const formatAmount = (amount: number, currencyType: 1 | 2, language: Language) =>
  `${currencySymbols[currencyType]}${formatNumber(amount, language, 2)}`;

/** Archive ordering needs permission 1 in the organisation's order types (spec 000 §6). */
export const canOrderArchive = (user: Pick<User, 'org'> | undefined): boolean =>
  user?.org.auth.orderType.includes(OrderType.Archive) ?? false;
