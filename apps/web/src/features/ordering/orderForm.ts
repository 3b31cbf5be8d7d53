import {
  type Aoi,
  type ArchiveOrderRequest,
  type GroupArea,
  isEmailAddress,
  LevelsBySensorType,
  type OrderProcess,
  type OrderRequestInfo,
  type ProcessingLevel,
  type ProcessMode,
  type RequestInfo,
  RequestTypes,
  SensorTypesWithoutClipping,
  type TaskingOrderRequest,
  type TaskingPredictionRequest,
  type User,
} from '@satportal/contract';

/**
 * The rules of the order dialogs (spec 001 §2 "Order confirmation dialog", §5; spec 000 §5;
 * DESIGN §9 requester reading), pure so that they are tested without a browser.
 */

export type SensorType = 1 | 2 | 3 | 4 | 5;
export type Priority = 1 | 2 | 3;

/** The choices of the dialog's product part. */
export interface OrderChoices {
  levels: readonly ProcessingLevel[];
  processMode: ProcessMode;
  clipping: boolean;
  qualityTesting: boolean;
  manualRecheck: boolean;
  priority: Priority;
}

export const defaultChoices: OrderChoices = {
  levels: [],
  processMode: 'GEOTIFF',
  clipping: false,
  qualityTesting: false,
  manualRecheck: false,
  priority: 1,
};

/** The level the streaming mode allows (spec 001 §2: "With processing mode STREAMING only level 22"). */
const streamingLevel: ProcessingLevel = 22;

/** Levels offered for a sensor type in a processing mode (spec 001 §9, DESIGN §9 radar L1). */
export function levelsOffered(sensorType: SensorType, processMode: ProcessMode): readonly ProcessingLevel[] {
  const levels = LevelsBySensorType[sensorType];
  return processMode === 'STREAMING_GEOTIFF' ? levels.filter((l) => l === streamingLevel) : levels;
}

/** Clipping is not offered for night, radar and video (spec 000 §5). */
export const clippingOffered = (sensorType: SensorType): boolean =>
  !SensorTypesWithoutClipping.includes(sensorType);

/** A processing mode change keeps only the chosen levels the new mode still offers. */
export function withProcessMode(choices: OrderChoices, processMode: ProcessMode, sensorType: SensorType) {
  const offered = levelsOffered(sensorType, processMode);
  return { ...choices, processMode, levels: choices.levels.filter((l) => offered.includes(l)) };
}

/** Toggle one level, kept in the order of the level codes. */
export function toggleLevel(choices: OrderChoices, level: ProcessingLevel): OrderChoices {
  const levels = choices.levels.includes(level)
    ? choices.levels.filter((l) => l !== level)
    : [...choices.levels, level].sort((a, b) => a - b);
  return { ...choices, levels };
}

/** The sensor type of the cart's scenes; null when they mix types (order.moretypeFail) or there are none. */
export function sensorTypeOf(scenes: Iterable<{ type: number }>): SensorType | null {
  const types = new Set<number>();
  for (const scene of scenes) types.add(scene.type);
  if (types.size !== 1) return null;
  const [type] = types;
  return type as SensorType;
}

/** What the requester block asks of an organisation type (DESIGN §9). */
export type RequesterMode = 'reseller' | 'ownCompany' | 'fill';

export const requesterModeOf = (orgType: number | undefined): RequesterMode =>
  orgType === 3 ? 'reseller' : orgType === 4 ? 'ownCompany' : 'fill';

export const requesterFields = ['company', 'email', 'address', 'application', 'contact'] as const;
export type RequesterField = (typeof requesterFields)[number];

export interface Requester {
  /** 1 for an end user, 2 for internal use; null until chosen. */
  requestType: 1 | 2 | null;
  /** The company list entry the fields were filled from, if any. */
  companyId: number | null;
  company: string;
  email: string;
  address: string;
  application: string;
  contact: string;
}

export const emptyRequester: Requester = {
  requestType: null,
  companyId: null,
  company: '',
  email: '',
  address: '',
  application: '',
  contact: '',
};

/**
 * The first thing the requester block still needs, or null when it is complete: type 3 for an end
 * user and the other types (type 4 excepted) need the request type and the five fields; type 3 for
 * internal use needs only its choice; type 4 orders with its own company, shown read-only.
 */
export function missingRequesterField(
  orgType: number | undefined,
  requester: Requester,
): 'requestType' | RequesterField | 'invalidEmail' | null {
  const mode = requesterModeOf(orgType);
  if (mode === 'ownCompany') return null;
  if (requester.requestType === null) return 'requestType';
  if (mode === 'reseller' && requester.requestType === RequestTypes.Internal) return null;
  const empty = requesterFields.find((field) => requester[field].trim() === '');
  if (empty) return empty;
  // The server's rule too (order.requesterInvalidEmail): said before Confirm, not after.
  return isEmailAddress(requester.email) ? null : 'invalidEmail';
}

/** Confirm (spec 001 §2): both agreements, at least one level, the requester complete. */
export function canConfirm(input: {
  contractAgreed: boolean;
  licenceAgreed: boolean;
  choices: OrderChoices;
  requesterMissing: string | null;
}): boolean {
  return (
    input.contractAgreed &&
    input.licenceAgreed &&
    input.choices.levels.length > 0 &&
    input.requesterMissing === null
  );
}

/** The requester part of an order request. */
export function orderRequestInfo(user: User | undefined, requester: Requester): OrderRequestInfo {
  if (requesterModeOf(user?.org.type) === 'ownCompany' && user)
    return {
      type: RequestTypes.Internal,
      requestInfo: {
        id: null,
        company: user.org.name,
        contact: user.org.orgContactPerson.contactPerson,
        application: '',
        email: user.email,
        address: user.org.address,
      },
    };
  const type = requester.requestType ?? RequestTypes.Internal;
  if (requesterModeOf(user?.org.type) === 'reseller' && type === RequestTypes.Internal) return { type };
  return {
    type,
    requestInfo: {
      id: requester.companyId,
      company: requester.company.trim(),
      contact: requester.contact.trim(),
      application: requester.application as RequestInfo['application'],
      email: requester.email.trim(),
      address: requester.address.trim(),
    },
  };
}

/** The process of an order: clipping only where offered. */
export function orderProcess(choices: OrderChoices, sensorType: SensorType | null): OrderProcess {
  return {
    level: [...choices.levels],
    clipping: sensorType !== null && clippingOffered(sensorType) && choices.clipping,
    processMode: choices.processMode,
    isQualityTesting: choices.qualityTesting,
    isManualRecheck: choices.manualRecheck,
  };
}

export interface ArchiveCart {
  sceneIds: readonly string[];
  /** The search the scenes came from: its AOIs, null for a scene-id search (whole scenes). */
  search: { taskId: string; aois: readonly Aoi[] | null } | null;
  /** "Enlarge to the minimum": this AOI replaces the search's. */
  enlargedAoi: Aoi | null;
}

export function archiveOrderRequest(
  cart: ArchiveCart,
  choices: OrderChoices,
  sensorType: SensorType | null,
  requestInfo: OrderRequestInfo,
): ArchiveOrderRequest {
  const bySceneId = cart.search?.aois == null && cart.enlargedAoi === null;
  return {
    taskId: cart.search?.taskId || null,
    isOrderBySceneId: bySceneId,
    ipr: {
      priority: 1,
      process: bySceneId
        ? { ...orderProcess(choices, sensorType), clipping: false }
        : orderProcess(choices, sensorType),
      ips: cart.sceneIds.map((sceneId) => ({ sceneId })),
      ...(cart.enlargedAoi ? { aois: [cart.enlargedAoi] } : {}),
    },
    orderRequestInfo: requestInfo,
  };
}

export function taskingOrderRequest(
  taskId: string,
  prediction: TaskingPredictionRequest,
  satelliteNames: readonly string[],
  choices: OrderChoices,
  sensorType: SensorType | null,
  requestInfo: OrderRequestInfo,
): TaskingOrderRequest {
  return {
    taskId,
    ppr: {
      priority: choices.priority,
      process: orderProcess(choices, sensorType),
      aps: [...satelliteNames],
    },
    tsr: {
      aois: prediction.aois,
      condition: prediction.condition,
      satIds: prediction.satIds,
      ...(prediction.sensor ? { sensor: prediction.sensor } : {}),
    },
    orderRequestInfo: requestInfo,
  };
}

/** A group below its minimum area or width (the dialog marks it and offers to enlarge the AOI). */
export interface GroupShortfall {
  group: string;
  belowArea: boolean;
  belowWidth: boolean;
}

export function shortfalls(groups: readonly GroupArea[]): GroupShortfall[] {
  return groups
    .map((g) => ({
      group: g.satGroupName,
      belowArea: g.orderArea < g.orderMinArea,
      belowWidth: g.aoiWidth !== null && g.aoiWidth < g.orderMinAoiWidth,
    }))
    .filter((s) => s.belowArea || s.belowWidth);
}
