import type { Aoi, ProcessingLevel, SensorType } from '@satportal/contract';
import { ApiError } from '../../../http/api-error';
import { type AreasRepository, checkAois, prepareArea } from '../../areas';
import { levelsOf } from './rules';
import type { GroupFacts, SceneFacts, SizingRepository } from './sizing.repository';

/** What every archive sizing starts from: the cart's scenes, their groups and the AOI to clip to. */
export interface Cart {
  scenes: SceneFacts[];
  sensorType: SensorType;
  groups: GroupFacts[];
  /** the AOI union (EWKB hex) and its GeoJSON, null without an AOI */
  aoi: { hex: string; aois: Aoi[] } | null;
}

/** The cart's scenes, each once, in the request's order: unknown ids and mixed sensor types refused. */
export async function loadScenes(
  repository: SizingRepository,
  ips: { sceneId: string }[],
): Promise<{ scenes: SceneFacts[]; sensorType: SensorType }> {
  if (!ips.length) throw ApiError.invalid('ipr.ips', 'order.nullbody');
  const ids = [...new Set(ips.map((s) => s.sceneId))];
  const found = new Map((await repository.scenesOf(ids)).map((s) => [s.id, s]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) throw ApiError.invalid('ipr.ips', 'order.unknownScenes', { ids: unknown.join(', ') });
  const scenes = ids.map((id) => found.get(id) as SceneFacts);
  const types = new Set(scenes.map((s) => s.sensorType));
  if (types.size > 1) throw ApiError.invalid('ipr.ips', 'order.moretypeFail');
  return { scenes, sensorType: scenes[0]!.sensorType as SensorType };
}

/**
 * The AOI an archive order is clipped to: none for a scene-id order, else the request's AOIs
 * (checked and united as the archive search does), else those of the caller's own search.
 */
export async function cartAoi(
  repository: SizingRepository,
  areas: Pick<AreasRepository, 'prepareAois'>,
  userId: number,
  request: { taskId?: string | null; isOrderBySceneId?: boolean; ipr: { aois?: Aoi[] } },
): Promise<Cart['aoi']> {
  if (request.isOrderBySceneId) return null;
  if (request.ipr.aois?.length) {
    const prepared = await prepareArea(areas, checkAois(request.ipr.aois));
    return { hex: prepared.union, aois: request.ipr.aois };
  }
  if (!request.taskId) return null;
  const searched = await repository.searchAoi(userId, request.taskId);
  if (searched === undefined) throw new ApiError(4004, 'order.searchNotFound');
  if (!searched) return null;
  // The searched AOIs as the user named them; their union is what the search measured and clips to.
  return { hex: searched.hex, aois: searched.aois?.length ? searched.aois : [searched.geojson] };
}

/** The requested levels as a list, each once, in the request's order. */
export function levelList(level: ProcessingLevel | ProcessingLevel[] | null | undefined): ProcessingLevel[] {
  if (level === null || level === undefined) return [];
  return [...new Set(Array.isArray(level) ? level : [level])];
}

/** Every level must be one the sensor type offers. */
export function checkLevelsOffered(levels: ProcessingLevel[], sensorType: SensorType, field: string): void {
  const offered = levelsOf(sensorType);
  const refused = levels.find((l) => !offered.includes(l));
  if (refused !== undefined) throw ApiError.invalid(field, 'order.levelNotOffered', { level: refused });
}
