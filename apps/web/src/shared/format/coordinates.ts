/** Decimal places of latitude and longitude everywhere in the interface (spec 000 §2). */
export const CoordinateDecimals = 6;

/** Fixed decimals without a "-0.000000" for values that round to zero. */
function fixed(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return Number(text) === 0 ? (0).toFixed(decimals) : text;
}

/** `lat, lon` with 6 decimals, the order the spec shows positions in. */
export const formatLatLon = (lat: number, lon: number): string =>
  `${fixed(lat, CoordinateDecimals)}, ${fixed(lon, CoordinateDecimals)}`;

/** `lat,lon` with 6 decimals and no space: the form the map element shows in its data attributes. */
export const formatLatLonData = (lat: number, lon: number): string =>
  `${fixed(lat, CoordinateDecimals)},${fixed(lon, CoordinateDecimals)}`;

/** Zoom levels are whole after button zooms but fractional after a pinch or wheel: show one decimal then. */
export function formatZoom(zoom: number): string {
  const rounded = Math.round(zoom * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
