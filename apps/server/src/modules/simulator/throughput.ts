/**
 * Throughput of the archive simulator (a measurement, not a test): generates a
 * window of the default constellation from the TLEs of data/tle and prints
 * scenes per second.
 *
 *   node --import tsx apps/server/src/modules/simulator/throughput.ts [--from ISO] [--to ISO]
 *        [--target N | --density D] [--seed S]
 *
 * Defaults: the three years to 2026-06-01 with a target of 200 000 scenes (the demo archive).
 */
import { parseArgs } from 'node:util';
import { landMask } from './land-mask';
import { constellationSatellites } from './satellites';
import { densityForTarget, type SimulateOptions, simulateScenes } from './simulator';
import { elementsLookupFromTleDir } from './tle-elements';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '2023-06-01T00:00:00Z' },
    to: { type: 'string', default: '2026-06-01T00:00:00Z' },
    target: { type: 'string' },
    density: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});

const started = performance.now();
const mask = landMask();
const maskMs = performance.now() - started;
const options: SimulateOptions = {
  satellites: constellationSatellites(),
  elementsFor: elementsLookupFromTleDir(),
  from: new Date(values.from),
  to: new Date(values.to),
  seed: Number(values.seed),
  landMask: mask,
};

let density = values.density ? Number(values.density) : undefined;
let calibrationMs = 0;
if (density === undefined) {
  const t = performance.now();
  const target = Number(values.target ?? 200_000);
  const calibrated = await densityForTarget({ ...options, targetCount: target });
  calibrationMs = performance.now() - t;
  density = calibrated.density;
  console.log(
    `target ${target} scenes: capacity ${Math.round(calibrated.capacity)} at density 1 → density ${density.toPrecision(4)}` +
      (calibrated.reachable ? '' : ' (target above capacity: capped at 1)'),
  );
}

const t0 = performance.now();
let count = 0;
let batches = 0;
let peakHeap = 0;
const bySensor = new Map<number, number>();
let qualityB = 0;
let cloudSum = 0;
let cloudN = 0;
for await (const batch of simulateScenes({ ...options, density })) {
  batches++;
  count += batch.length;
  for (const s of batch) {
    bySensor.set(s.sensorType, (bySensor.get(s.sensorType) ?? 0) + 1);
    if (s.productQuality === 'B') qualityB++;
    if (s.sensorType !== 4) {
      cloudSum += s.cloudCover;
      cloudN++;
    }
  }
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}
const seconds = (performance.now() - t0) / 1000;

const names: Record<number, string> = {
  1: 'optical',
  2: 'night',
  3: 'hyperspectral',
  4: 'radar',
  5: 'video',
};
console.log(`window ${values.from} → ${values.to}, density ${density.toPrecision(4)}, seed ${values.seed}`);
console.log(`land mask ${maskMs.toFixed(0)} ms, calibration ${calibrationMs.toFixed(0)} ms`);
console.log(
  `${count} scenes in ${seconds.toFixed(2)} s: ${Math.round(count / seconds)} scenes/s (${batches} batches, peak heap ${(peakHeap / 2 ** 20).toFixed(0)} MiB)`,
);
console.log(
  `by sensor: ${[...bySensor.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, v]) => `${names[k] ?? k} ${v}`)
    .join(
      ', ',
    )}; quality B ${((100 * qualityB) / Math.max(1, count)).toFixed(1)} %; mean cloud ${(cloudSum / Math.max(1, cloudN)).toFixed(1)} %`,
);
