import { cleanName } from '../shapes';

/**
 * The name of an uploaded feature from its properties: `name` (any case), then `title`, then
 * any property whose key contains "name" (NAME_EN, SEN_NAME…). Shapefile attribute tables often
 * name their features in their first text column instead (COUNTY, DISTRICT), hence
 * `firstText` for them; KML and GeoJSON properties also hold styles and descriptions, which
 * make poor names. Undefined: the caller numbers the feature (Polygon1…, Point1…).
 */
export function nameFromProperties(properties: unknown, firstText: boolean): string | undefined {
  if (!properties || typeof properties !== 'object') return undefined;
  const entries = Object.entries(properties as Record<string, unknown>);
  const by = (test: (key: string) => boolean) => {
    for (const [key, value] of entries) {
      const name = test(key.toLowerCase()) ? cleanName(value) : undefined;
      if (name) return name;
    }
    return undefined;
  };
  return (
    by((k) => k === 'name') ??
    by((k) => k === 'title') ??
    by((k) => k.includes('name')) ??
    (firstText
      ? entries.map(([, v]) => (typeof v === 'string' ? cleanName(v) : undefined)).find(Boolean)
      : undefined)
  );
}
