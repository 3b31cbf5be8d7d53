import type { Capability, SatelliteStatus } from '@satportal/contract';

/**
 * A satellite's published facts: the one shape the constellation declares (`constellation.ts`)
 * and the catalogue seed writes (`SatelliteSeed` adds only its group and order). The contract's
 * `Satellite` is what the API answers, mapped from the stored rows.
 */
export interface SatelliteFacts {
  name: string;
  noradId: number;
  operator: string;
  taskable: boolean;
  status: SatelliteStatus;
  launchDate: string | null;
  altitudeKm: number;
  swathKm: number;
  maxOffNadirDeg: number;
  panGsd: number | null;
  msGsd: number | null;
  localTimeOfNode: { node: 'descending' | 'ascending'; time: string } | null;
  caps: Capability[];
}
