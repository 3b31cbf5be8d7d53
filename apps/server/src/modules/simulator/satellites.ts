import { defaultConstellation } from '../catalogue/constellation';
import type { SimulatorSatellite } from '../orbits/acquisition';

/**
 * The default constellation (catalogue/constellation.ts) as simulator input,
 * numbered 1, 2, … in its order, for tests, benchmarks and runs without a
 * database. With a database, pass the catalogue's satellites (`toSatellite`)
 * instead, so that scenes carry the real catalogue ids.
 */
export function constellationSatellites(): SimulatorSatellite[] {
  let id = 0;
  return defaultConstellation.flatMap((group) =>
    group.satellites.map((s) => ({
      id: ++id,
      name: s.name,
      noradId: s.noradId,
      launchDate: s.launchDate,
      cap: { caps: s.caps },
      altitudeKm: s.altitudeKm,
      swathKm: s.swathKm,
      maxOffNadirDeg: s.maxOffNadirDeg,
    })),
  );
}
