import { constellationSatellites } from './satellites';
import { type SimulatedScene, type SimulateOptions, simulateScenes } from './simulator';
import { elementsLookupFromTleDir } from './tle-elements';

// The simulated archive both simulator test files run on (simulator.test.ts: its shape and
// physical rules; simulator-runs.test.ts: determinism, scale and the rest).

export const satellites = constellationSatellites();
export const elementsFor = elementsLookupFromTleDir();

export async function collect(options: SimulateOptions): Promise<SimulatedScene[]> {
  const out: SimulatedScene[] = [];
  for await (const batch of simulateScenes(options)) out.push(...batch);
  return out;
}

/** Two days of the whole constellation at density 0.15. */
export const world: SimulateOptions = {
  satellites,
  elementsFor,
  from: new Date('2025-03-18T00:00:00Z'),
  to: new Date('2025-03-20T00:00:00Z'),
  density: 0.15,
  seed: 7,
  batchSize: 1000,
};
