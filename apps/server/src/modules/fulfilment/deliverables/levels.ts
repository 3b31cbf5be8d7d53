import { DeliverableError } from './types';

/**
 * What each processing level (contract `ProcessingLevels`) delivers. The real Landsat 8 subset
 * is a Level-1 terrain-corrected product (L1TP): its geometry is already orthorectified, so the
 * L1 and L3A levels deliver the same pixels (the raw, un-orthorectified geometry is not
 * available), as do L1C and L3C.
 *
 * - 10 L1, 20 L3A: the multispectral bands red, green, blue (B4, B3, B2) as recorded, 16-bit
 *   digital numbers at 30 m.
 * - 11 L1C, 21 L3C: the same bands pansharpened with the panchromatic B8 (GDAL's Brovey
 *   pansharpening) to 15 m, 16-bit.
 * - 22 L3D: natural colour for display: the pansharpened bands stretched to 8 bits (2nd–98th
 *   percentile of each band to 1–255).
 *
 * Simulated scenes have no bands, only the simulated picture: every level delivers it as 8-bit
 * natural colour; the level changes only the metadata.
 */
export type DeliveredProduct = 'multispectral' | 'pansharpened' | 'natural-colour';

export interface LevelDelivery {
  code: number;
  /** as the contract names it: L1, L1C, L3A, L3C, L3D */
  name: string;
  /** what a scene with real bands delivers */
  product: DeliveredProduct;
}

const LEVELS: readonly LevelDelivery[] = [
  { code: 10, name: 'L1', product: 'multispectral' },
  { code: 11, name: 'L1C', product: 'pansharpened' },
  { code: 20, name: 'L3A', product: 'multispectral' },
  { code: 21, name: 'L3C', product: 'pansharpened' },
  { code: 22, name: 'L3D', product: 'natural-colour' },
];

export function levelDelivery(code: number): LevelDelivery {
  const level = LEVELS.find((l) => l.code === code);
  if (!level) throw new DeliverableError('unknownLevel', `unknown processing level ${code}`);
  return level;
}
