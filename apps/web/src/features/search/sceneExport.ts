import type { ArchiveScene } from '@satportal/contract';

/** Export of the selected scenes (spec 000 §2 "export of selected scenes"): GeoJSON and CSV with their metadata. */

/** The metadata columns, in the CSV's order (also the GeoJSON properties). */
const columns = [
  'sceneId',
  'time',
  'satName',
  'satGroupName',
  'imageGsd',
  'resolutionId',
  'cc',
  'ona',
  'sza',
  'ac',
  'productQuality',
  'area',
  'orbit',
  'type',
  'bands',
  'mode',
  'provenance',
] as const satisfies ReadonlyArray<keyof ArchiveScene>;

type Column = (typeof columns)[number];

const cellValue = (scene: ArchiveScene, column: Column) => {
  const value = scene[column];
  return Array.isArray(value) ? value.join(' ') : value;
};

const closed = (ring: readonly number[][]) => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : [...ring];
};

/** A GeoJSON FeatureCollection: each scene's footprint (a MultiPolygon of its parts) with its metadata. */
export function scenesGeoJson(scenes: readonly ArchiveScene[]): string {
  const features = scenes.map((scene) => ({
    type: 'Feature',
    id: scene.sceneId,
    geometry: { type: 'MultiPolygon', coordinates: scene.boundaries.map((ring) => [closed(ring)]) },
    properties: Object.fromEntries(columns.map((c) => [c, scene[c]])),
  }));
  return JSON.stringify({ type: 'FeatureCollection', features }, null, 2);
}

/** RFC 4180: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV with a header row, one scene a line, CRLF line ends, footprints as WKT in the last column. */
export function scenesCsv(scenes: readonly ArchiveScene[]): string {
  const wkt = (scene: ArchiveScene) =>
    `MULTIPOLYGON(${scene.boundaries
      .map(
        (ring) =>
          `((${closed(ring)
            .map((p) => `${p[0]} ${p[1]}`)
            .join(', ')}))`,
      )
      .join(', ')})`;
  const lines = [
    [...columns, 'footprint'].join(','),
    ...scenes.map((scene) =>
      [...columns.map((c) => csvCell(cellValue(scene, c))), csvCell(wkt(scene))].join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** `scenes-YYYY-MM-DD.csv` / `.geojson`. */
export const exportFileName = (format: 'csv' | 'geojson', day: string) => `scenes-${day}.${format}`;
