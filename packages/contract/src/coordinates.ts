/**
 * Coordinate search (spec 000 §2 "Coordinate search box", §5; 001 §5): `lat,lon` in decimal
 * degrees or degrees-minutes-seconds with N/S/E/W. Shared by the browser (search box, POI
 * dialog) and the server, so both accept exactly the same entries.
 *
 * Rules:
 * - exactly one comma separates latitude and longitude (a full-width `，` counts as a comma);
 * - each side is a decimal number (`39.9042`, `-33.87`), or degrees with `°` followed by optional
 *   minutes `'` and seconds `"` (`39°54'15"`, `39°54.25'`, `39.9°`); minutes and seconds are below 60,
 *   and only the last given unit may have decimals;
 * - a hemisphere letter may stand before or after a side: N/S on the latitude, E/W on the
 *   longitude; S and W are negative; a letter together with a minus sign is refused as ambiguous;
 * - latitude within −90…90, longitude strictly between −180 and 180.
 * Anything else is `poi.wrongCoord`.
 */

export const CoordinateSearchError = 'poi.wrongCoord';

export interface LatLng {
  lat: number;
  lng: number;
}

/** The position of a coordinate-search entry, or null when the entry is not one (`poi.wrongCoord`). */
export function parseCoordinates(input: string): LatLng | null {
  const text = input.trim().replaceAll('，', ',');
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const lat = parseAngle(parts[0] ?? '', 'lat');
  const lng = parseAngle(parts[1] ?? '', 'lng');
  if (lat === null || lng === null) return null;
  if (lat < -90 || lat > 90) return null;
  if (lng <= -180 || lng >= 180) return null;
  // -0 reads back as "0" everywhere
  return { lat: lat + 0, lng: lng + 0 };
}

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const DECIMAL = new RegExp(`^([+-]?)(${NUMBER})$`);
const DMS = new RegExp(`^([+-]?)(${NUMBER})\\s*°(?:\\s*(${NUMBER})\\s*'(?:\\s*(${NUMBER})\\s*")?)?$`);

function parseAngle(raw: string, axis: 'lat' | 'lng'): number | null {
  const text = raw
    .trim()
    .replace(/[′’‘´`]/g, "'")
    .replace(/[″“”]/g, '"')
    .replace(/''/g, '"')
    .replace(/[º˚]/g, '°');
  if (!text) return null;

  let body = text;
  let hemisphere: string | undefined;
  const leading = /^([NSEWnsew])\s*(.*)$/.exec(body);
  const trailing = /^(.*?)\s*([NSEWnsew])$/.exec(body);
  if (leading && trailing) return null;
  if (leading) {
    hemisphere = leading[1];
    body = leading[2] ?? '';
  } else if (trailing) {
    body = trailing[1] ?? '';
    hemisphere = trailing[2];
  }
  hemisphere = hemisphere?.toUpperCase();
  if (hemisphere && !(axis === 'lat' ? 'NS' : 'EW').includes(hemisphere)) return null;

  let sign: string;
  let value: number;
  const decimal = DECIMAL.exec(body);
  const dms = decimal ? null : DMS.exec(body);
  if (decimal) {
    sign = decimal[1] ?? '';
    value = Number(decimal[2]);
  } else if (dms) {
    sign = dms[1] ?? '';
    const [degrees, minutes, seconds] = [dms[2], dms[3], dms[4]];
    // Only the last unit given may carry decimals: 39.5°30' means nothing.
    if (minutes !== undefined && degrees?.includes('.')) return null;
    if (seconds !== undefined && minutes?.includes('.')) return null;
    const m = minutes === undefined ? 0 : Number(minutes);
    const s = seconds === undefined ? 0 : Number(seconds);
    if (m >= 60 || s >= 60) return null;
    value = Number(degrees) + m / 60 + s / 3600;
  } else {
    return null;
  }
  if (!Number.isFinite(value)) return null;
  if (hemisphere && sign) return null;
  const negative = sign === '-' || hemisphere === 'S' || hemisphere === 'W';
  return negative ? -value : value;
}
