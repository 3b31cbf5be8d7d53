/**
 * One STAC naming of the catalogue's satellites (issue 27 item 9), for the STAC API and the
 * delivered Items alike: lower case with hyphens, as STAC's best practice writes `platform`
 * (`landsat-8`, `sentinel-2a`) and `constellation` (`landsat`, `sentinel-2`), accents and
 * punctuation folded (`Pléiades Neo 3` → `pleiades-neo-3`). The catalogue's own names stay what
 * the web application shows.
 */
export const stacName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'group';

/** A satellite's `platform`. */
export const stacPlatform = (satelliteName: string): string => stacName(satelliteName);

/** A satellite group's `constellation`, which is also its collection id in the STAC API. */
export const stacConstellation = (category: string): string => stacName(category);
