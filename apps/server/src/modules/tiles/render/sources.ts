import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Footprint } from './footprint';
import type { BandSource, Stretch } from './raster-render';

/** A scene asset as the archive stores it (structurally `SceneAsset` of the scenes module). */
export interface QuicklookAsset {
  key: string;
  href: string;
  type?: string | null;
  roles?: string[];
}

/** What the renderer needs of a scene (a `SceneInput` of the scenes module has all of it). */
export interface QuicklookScene {
  id: string;
  footprint: Footprint;
  /** %, null when unknown or not applicable: no clouds are drawn */
  cloudCover: number | null;
  provenance: 'real' | 'simulated';
  /** 4 (radar) draws grey tones without clouds; other types and absence draw true colour */
  sensorType?: number;
  assets?: { quicklook?: QuicklookAsset | null; files?: QuicklookAsset[] } | null;
}

/** Where a quicklook's pixels come from. */
export type QuicklookSource =
  | { kind: 'bands'; bands: [BandSource, BandSource, BandSource]; stretch: Stretch }
  | { kind: 'simulated' };

/** A red, green, blue composite: each a file and the sample (band) to read in it. */
const rgb = (
  red: [string, number],
  green: [string, number],
  blue: [string, number],
  stretch: Stretch,
): QuicklookSource => ({
  kind: 'bands',
  bands: [red, green, blue].map(([path, sample]) => ({ path, sample })) as [
    BandSource,
    BandSource,
    BandSource,
  ],
  stretch,
});

/** `data/imagery` of the repository. */
export function defaultImageryDir(): string {
  return fileURLToPath(new URL('../../../../../../data/imagery/', import.meta.url));
}

const isGeoTiff = (asset: QuicklookAsset): boolean =>
  /image\/tiff/i.test(asset.type ?? '') || /\.tiff?$/i.test(asset.href.split(/[?#]/)[0] ?? '');

/**
 * The local file an href names, or null: a path relative to the imagery directory or a
 * `file:` URL, in both cases inside that directory (an href is data, never a way out of it).
 * Remote hrefs (the real STAC items' https assets) are not fetched.
 */
export function localPath(href: string, imageryDir: string): string | null {
  let path: string;
  if (/^file:/i.test(href)) {
    try {
      path = fileURLToPath(href);
    } catch {
      return null;
    }
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(href) || isAbsolute(href) || href.includes('\0')) {
    return null;
  } else {
    path = resolve(imageryDir, href);
  }
  const root = resolve(imageryDir);
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return null;
  return path;
}

const BAND_KEYS: Record<'red' | 'green' | 'blue', RegExp> = {
  red: /^(red|b0?4)$/i,
  green: /^(green|b0?3)$/i,
  blue: /^(blue|b0?2)$/i,
};

/**
 * Real imagery when the scene has it locally: red, green and blue band files (keys `red`,
 * `green`, `blue`, or Landsat's `B4`, `B3`, `B2`), else a local 8-bit `visual` RGB GeoTIFF.
 * Otherwise (simulated scenes, and real scenes whose files are remote) the quicklook is
 * simulated from the global image with the scene's clouds.
 */
export function resolveQuicklookSource(scene: QuicklookScene, imageryDir: string): QuicklookSource {
  const files = [
    ...(scene.assets?.files ?? []),
    ...(scene.assets?.quicklook ? [scene.assets.quicklook] : []),
  ];
  const local = files
    .filter((a) => a && typeof a.href === 'string' && typeof a.key === 'string' && isGeoTiff(a))
    .map((a) => ({ key: a.key, path: localPath(a.href, imageryDir) }))
    .filter((a): a is { key: string; path: string } => a.path !== null);
  const find = (re: RegExp) => local.find((a) => re.test(a.key))?.path;
  const red = find(BAND_KEYS.red);
  const green = find(BAND_KEYS.green);
  const blue = find(BAND_KEYS.blue);
  if (red && green && blue) return rgb([red, 0], [green, 0], [blue, 0], 'percentile');
  // A true-colour composite is already stretched for display.
  const visual = find(/^(visual|rgb|true[-_]?colou?r)$/i);
  if (visual) return rgb([visual, 0], [visual, 1], [visual, 2], 'none');
  return { kind: 'simulated' };
}
