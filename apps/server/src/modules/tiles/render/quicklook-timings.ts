/**
 * Prints quicklook render times (not a test): `node --import tsx apps/server/src/tiles/quicklook-timings.ts`.
 * Each case is drawn once cold (files opened, stretch and cloud threshold computed) and then
 * five times over slightly shifted boxes with warm in-memory caches; no disk cache.
 */
import { landsat8SubsetScene } from './landsat8';
import { QuicklookRenderer, type QuicklookScene } from './quicklook';
import { box, mercatorRequest, simulatedScene } from './test-helpers';

const renderer = new QuicklookRenderer();
const subset = await landsat8SubsetScene();
const ring = subset.footprint.coordinates[0]!;
const lons = ring.map((p) => p[0]!);
const lats = ring.map((p) => p[1]!);

const cases: Array<{ name: string; scene: QuicklookScene; bounds: [number, number, number, number] }> = [
  {
    name: 'simulated, 110 km scene, 40 % cloud',
    scene: simulatedScene('SIM-TIMING-MEDIUM', box(21.5, -0.5, 22.5, 0.5), 40),
    bounds: [21.45, -0.55, 22.55, 0.55],
  },
  {
    name: 'simulated, 12 km VHR scene, 40 % cloud',
    scene: simulatedScene('SIM-TIMING-VHR', box(116.35, 39.85, 116.46, 39.95), 40),
    bounds: [116.34, 39.84, 116.47, 39.96],
  },
  {
    name: 'Landsat 8 subset (real bands)',
    scene: {
      id: subset.sceneId,
      footprint: subset.footprint,
      cloudCover: 11.08,
      provenance: 'real',
      assets: subset.assets,
    },
    bounds: [
      Math.min(...lons) - 0.01,
      Math.min(...lats) - 0.01,
      Math.max(...lons) + 0.01,
      Math.max(...lats) + 0.01,
    ],
  },
];

const rows: string[] = [];
for (const { name, scene, bounds } of cases) {
  for (const size of [256, 1024]) {
    const [w, s, e, n] = bounds;
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 6; i++) {
      const shift = i * 1e-6;
      const started = performance.now();
      const png = await renderer.render(scene, mercatorRequest(w + shift, s, e + shift, n, size));
      times.push(performance.now() - started);
      bytes = png.length;
    }
    const warm = times.slice(1).sort((a, b) => a - b);
    rows.push(
      `${name.padEnd(40)} ${`${size}×${size}`.padEnd(10)} cold ${times[0]!.toFixed(0).padStart(5)} ms   warm median ${warm[2]!.toFixed(0).padStart(5)} ms   PNG ${(bytes / 1024).toFixed(0).padStart(5)} KiB`,
    );
  }
}
await renderer.close();
console.log(`Quicklook render times (Node ${process.version}):`);
for (const row of rows) console.log(row);
