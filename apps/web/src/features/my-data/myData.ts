import {
  deliveredXyzTemplate,
  type MyDataListRequest,
  type MyDataScene,
  TileZoomMax,
  WmtsCapabilitiesRestPath,
} from '@satportal/contract';
import type { MyDataOutline, MyDataShown, MyDataSide, TileLayerSpec } from '../../map/types';
import { addDays, dayIn } from '../../shared/format/days';
import { startOfDayIn } from '../search/noTip';

/**
 * The my-data panel's rules (spec 000 §2 "My data panel", §4 "My data"), pure: scene keys, the
 * filters as a list request, what the map draws in selection and in analysis, list date ranges,
 * the copied links.
 */

/** A scene is unique per order (an order holds a scene once). */
export const sceneKeyOf = (scene: Pick<MyDataScene, 'orderNo' | 'sceneId'>) =>
  `${scene.orderNo}/${scene.sceneId}`;

export interface MyDataFilters {
  /** Calendar days in the user's zone, YYYY-MM-DD; null for no bound. */
  from: string | null;
  to: string | null;
  batchName: string | null;
  sceneId: string;
  aoi: string;
}

export const noFilters: MyDataFilters = { from: null, to: null, batchName: null, sceneId: '', aoi: '' };

/**
 * The list request of the filters (without start and length): whole days in the user's zone,
 * from the first instant of `from` to the last of `to` (spec 000 §7: 00:00:00 … 23:59:59).
 */
export function listRequestOf(
  filters: MyDataFilters,
  timeZone: string,
): Omit<MyDataListRequest, 'start' | 'length'> {
  const request: Omit<MyDataListRequest, 'start' | 'length'> = {};
  if (filters.from) request.startTime = new Date(startOfDayIn(filters.from, timeZone)).toISOString();
  if (filters.to)
    request.endTime = new Date(startOfDayIn(addDays(filters.to, 1), timeZone) - 1000).toISOString();
  if (filters.batchName) request.batchName = filters.batchName;
  if (filters.sceneId.trim()) request.sceneId = filters.sceneId.trim();
  if (filters.aoi.trim()) request.aoi = filters.aoi.trim();
  return request;
}

/** MM/DD/YYYY of an instant's day in the zone. */
export function monthDayYear(iso: string, timeZone: string): string {
  const [year, month, day] = dayIn(new Date(iso), timeZone).split('-');
  return `${month}/${day}/${year}`;
}

/** A list's date range, `MM/DD/YYYY ~ MM/DD/YYYY` (earliest to latest image); '' for an empty list. */
export function listDateRange(scenes: readonly MyDataScene[], timeZone: string): string {
  if (scenes.length === 0) return '';
  const times = scenes.map((s) => s.imageTime).sort((a, b) => Date.parse(a) - Date.parse(b));
  return `${monthDayYear(times[0] ?? '', timeZone)} ~ ${monthDayYear(times.at(-1) ?? '', timeZone)}`;
}

/** The [west, south, east, north] of a scene's delivered area, unless it crosses ±180°. */
function extentOf(scene: MyDataScene): TileLayerSpec['extent'] {
  const points = scene.boundaries.flat();
  if (points.length === 0) return undefined;
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  const extent: [number, number, number, number] = [
    Math.min(...lngs),
    Math.min(...lats),
    Math.max(...lngs),
    Math.max(...lats),
  ];
  return extent[2] - extent[0] > 180 || extent[0] < -180 || extent[2] > 180 ? undefined : extent;
}

/**
 * The tile layer of a delivered scene as the browser draws it: XYZ on the delivered template in
 * its format, or WMTS read from the capabilities document. No key: the session's tile cookie opens
 * /tiles/ in the browser.
 */
export function tileLayerOf(scene: MyDataScene): TileLayerSpec {
  const id = sceneKeyOf(scene);
  const extent = extentOf(scene);
  if (scene.accessType === 'WMTS')
    return {
      kind: 'wmts',
      id,
      capabilitiesUrl: WmtsCapabilitiesRestPath,
      layer: scene.wmtsLayer,
      matrixSet: scene.wmtsMatrixSet,
      style: scene.wmtsStyle,
      ...(extent ? { extent } : {}),
    };
  const format = scene.formatType === 'WEBP' ? 'webp' : 'png';
  return {
    kind: 'xyz',
    id,
    url: deliveredXyzTemplate(scene.orderNo, scene.sceneId, format),
    maxZoom: TileZoomMax,
    ...(extent ? { extent } : {}),
  };
}

export type LinkKind = 'xyz' | 'wmts';

/** The path (template) a copied link points to; the caller adds the key and the origin. */
export function linkPathOf(scene: MyDataScene, kind: LinkKind): string {
  if (kind === 'wmts') return WmtsCapabilitiesRestPath;
  return deliveredXyzTemplate(scene.orderNo, scene.sceneId, scene.formatType === 'WEBP' ? 'webp' : 'png');
}

export type Mode = 'selection' | 'analysis';

export interface Selection {
  left: readonly MyDataScene[];
  right: readonly MyDataScene[];
  /** Keys of the scenes whose imagery is in view (the per-item view toggle). */
  inView: ReadonlySet<string>;
}

/** Spec 000 §4: an analysis needs at least one scene on each side. */
export const canAnalyse = (selection: Pick<Selection, 'left' | 'right'>) =>
  selection.left.length > 0 && selection.right.length > 0;

const outlineOf = (scene: MyDataScene, side: MyDataSide): MyDataOutline => ({
  id: `${side}:${sceneKeyOf(scene)}`,
  rings: scene.boundaries.map((ring) => ring.map((p) => [p.lng, p.lat])),
  side,
});

/**
 * What the map draws in selection: the scenes in view (from every list and the result list) and
 * the outlines of both lists. In analysis nothing here: the swipe draws the lists, outlines hidden.
 */
export function shownInSelection(selection: Selection, listed: readonly MyDataScene[]): MyDataShown {
  const byKey = new Map<string, MyDataScene>();
  for (const scene of [...listed, ...selection.left, ...selection.right]) byKey.set(sceneKeyOf(scene), scene);
  const layers = [...selection.inView].flatMap((key) => {
    const scene = byKey.get(key);
    return scene ? [tileLayerOf(scene)] : [];
  });
  return {
    layers,
    outlines: [
      ...selection.left.map((s) => outlineOf(s, 'left')),
      ...selection.right.map((s) => outlineOf(s, 'right')),
    ],
  };
}

/** The swipe's two groups: the left list's imagery left of the divider, the right list's right of it. */
export function swipeGroupsOf(selection: Pick<Selection, 'left' | 'right'>): {
  left: TileLayerSpec[];
  right: TileLayerSpec[];
} {
  return { left: selection.left.map(tileLayerOf), right: selection.right.map(tileLayerOf) };
}

/** What starting analysis brings into view: the delivered areas of every scene on either side. */
export const analysisRingsOf = (sides: {
  left: readonly MyDataScene[];
  right: readonly MyDataScene[];
}): number[][][] =>
  [...sides.left, ...sides.right].flatMap((scene) =>
    scene.boundaries.map((ring) => ring.map((p) => [p.lng, p.lat])),
  );

/** The rings to bring into view for a scene: its order's AOI when it has one, else its delivered area. */
export function positionRingsOf(scene: MyDataScene): number[][][] {
  const aoi = scene.sceneAoi.cors.map((p) => [p.lng, p.lat]);
  if (aoi.length >= 3) return [aoi];
  return scene.boundaries.map((ring) => ring.map((p) => [p.lng, p.lat]));
}
