/**
 * Benchmark (not a test) of the tasking prediction (issue 6 "Performance"). Run with
 * `npm run bench:tasking`. Prints figures; asserts nothing.
 *
 * (a) The engine alone, on one core: BENCH_SATS (50) satellites × 30 days × one 1° AOI, at the
 *     panel's default off-nadir limit (25°) and at 45°, BENCH_RUNS (20) runs over AOIs on land
 *     round the world. The satellites are the default constellation's (those with elements) and,
 *     to make up the number, further real orbits from data/tle (CelesTrak's Earth-resources
 *     group) given the figures of an agile optical satellite (45°, 15 km, 1 m).
 * (b) Misses against a dense reference scan (g(t) every second) of BENCH_REFERENCE_DAYS (2) days
 *     for every satellite of (a) over one AOI: reference passes, and how many the engine missed.
 * (c) The endpoint: POST /api/v1/tasking/predictions on an in-memory embedded PGlite with the
 *     default constellation (every taskable satellite), the data/tle elements, a 30-day window
 *     from tomorrow and a 1° AOI; BENCH_RUNS requests through Fastify's inject: p50/p95.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiPath, type Capability, type TaskingPrediction } from '@satportal/contract';
import { composeServices } from '../apps/server/src/composition';
import { repoRoot } from '../apps/server/src/config';
import { createPool } from '../apps/server/src/db/database';
import { startEmbeddedDatabase } from '../apps/server/src/db/embedded';
import { migrate } from '../apps/server/src/db/migrate';
import { buildApp } from '../apps/server/src/http/app';
import { defaultConstellation } from '../apps/server/src/modules/catalogue/constellation';
import { parseTle } from '../apps/server/src/modules/catalogue/tle';
import { Orbit } from '../apps/server/src/modules/orbits/orbit';
import { normaliseLonLat } from '../apps/server/src/modules/scenes/lonlat';
import { constellationSatellites } from '../apps/server/src/modules/simulator/satellites';
import { elementsLookupFromTleDir } from '../apps/server/src/modules/simulator/tle-elements';
import { PassFinder } from '../apps/server/src/modules/tasking/passes';
import { type PredictionSatellite, predictPasses } from '../apps/server/src/modules/tasking/prediction';
import { prepareTarget } from '../apps/server/src/modules/tasking/target';
import { routeModules } from '../apps/server/src/routes';

const satCount = Number(process.env.BENCH_SATS ?? 50);
const runs = Number(process.env.BENCH_RUNS ?? 20);
const referenceDays = Number(process.env.BENCH_REFERENCE_DAYS ?? 2);
const dayMs = 86_400_000;
const from = Date.parse('2026-06-01T00:00:00Z');
const to = from + 30 * dayMs;

const box = (lon: number, lat: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lon, lat],
      [lon + 1, lat],
      [lon + 1, lat + 1],
      [lon, lat + 1],
      [lon, lat],
    ],
  ],
});
/** 1° AOIs on land: Beijing, Paris, Nairobi, São Paulo, Denver, Delhi, Sydney, Moscow, Cairo, Mexico City. */
const aois = [
  [116, 39.5],
  [2, 48.5],
  [36.5, -1.5],
  [-47, -24],
  [-105.5, 39.5],
  [76.8, 28.3],
  [150.7, -34.2],
  [37.2, 55.4],
  [31, 29.8],
  [-99.5, 19],
].map(([lon, lat]) => box(lon!, lat!));

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** (a)'s satellites: the constellation's with elements, then agile stand-ins on real orbits. */
function benchSatellites(): { sat: PredictionSatellite; orbit: Orbit }[] {
  const lookup = elementsLookupFromTleDir();
  const out: { sat: PredictionSatellite; orbit: Orbit }[] = [];
  for (const sat of constellationSatellites()) {
    const set = lookup(sat.noradId, new Date(from)) as { line1: string; line2: string } | undefined;
    if (set) out.push({ sat, orbit: Orbit.fromTle(set.line1, set.line2) });
  }
  const known = new Set(out.map((s) => s.sat.noradId));
  const cap: Capability = {
    type: 1,
    bands: ['PAN', 'B', 'G', 'R', 'NIR'],
    stereos: ['MONO'],
    polarisations: [],
    maxResolution: 1,
    maxShtPeriod: 3,
  };
  const text = readFileSync(resolve(repoRoot, 'data/tle/celestrak-resource-2026-05-30.tle'), 'utf8');
  for (const set of parseTle(text).elementSets) {
    if (out.length >= satCount) break;
    if (known.has(set.noradId)) continue;
    const orbit = Orbit.fromTle(set.line1, set.line2);
    if (orbit.meanMotionRevPerDay < 13.5) continue; // LEO imagers only
    known.add(set.noradId);
    const altitudeKm =
      Math.cbrt(398600.4418 / ((orbit.meanMotionRevPerDay * 2 * Math.PI) / 86400) ** 2) - 6378;
    out.push({
      sat: {
        id: 10_000 + out.length,
        name: set.name,
        noradId: set.noradId,
        launchDate: null,
        cap: { caps: [cap] },
        altitudeKm,
        swathKm: 15,
        maxOffNadirDeg: 45,
      },
      orbit,
    });
  }
  return out.slice(0, satCount);
}

function engine(sats: { sat: PredictionSatellite; orbit: Orbit }[], ona: number) {
  const times: number[] = [];
  let passes = 0;
  for (let i = 0; i < runs + 3; i++) {
    const target = prepareTarget(normaliseLonLat(aois[i % aois.length]));
    const started = performance.now();
    let n = 0;
    for (const { sat, orbit } of sats) {
      n += predictPasses(sat, orbit, target, {
        fromMs: from,
        toMs: to,
        maxOffNadirDeg: ona,
        maxSunZenithDeg: 0,
        orbitDirection: 0,
      }).length;
    }
    // The first runs warm the JIT up.
    if (i >= 3) {
      times.push(performance.now() - started);
      passes += n;
    }
  }
  console.log(
    `(a) engine, ${sats.length} satellites × 30 days × 1° AOI, off-nadir ≤ ${ona}°: ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))} ` +
      `(${(passes / runs).toFixed(0)} passes per prediction, daylight rules applied)`,
  );
}

function misses(sats: { sat: PredictionSatellite; orbit: Orbit }[]) {
  const target = prepareTarget(normaliseLonLat(aois[0]));
  const end = from + referenceDays * dayMs;
  let reference = 0;
  let missed = 0;
  let seconds = 0;
  const started = performance.now();
  for (const { sat, orbit } of sats) {
    const finder = new PassFinder(orbit, target);
    const limit = Math.min(45, sat.maxOffNadirDeg);
    const found = finder.find({ fromMs: from, toMs: end, maxOffNadirDeg: limit });
    let inside = false;
    let enter = 0;
    for (let t = from; t <= end + 1000; t += 1000) {
      const within = t <= end && finder.offNadirAt(t) <= limit;
      seconds++;
      if (within && !inside) enter = t;
      if (!within && inside) {
        reference++;
        const leave = t - 1000;
        if (!found.some((p) => p.leave >= enter - 1000 && p.enter <= leave + 1000)) missed++;
      }
      inside = within;
    }
  }
  console.log(
    `(b) dense reference scan, ${sats.length} satellites × ${referenceDays} days × 1° AOI (Beijing), off-nadir ≤ min(45°, agility), ` +
      `${(seconds / 1e6).toFixed(1)} M samples in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${reference} reference passes, ${missed} missed`,
  );
}

async function endpoint() {
  const embedded = await startEmbeddedDatabase(undefined);
  const pool = createPool(embedded.url, 4);
  try {
    await migrate(pool);
    const services = composeServices({ pool, kind: 'pglite' });
    await services.catalogue.seedConstellation(defaultConstellation);
    await services.orbitalElements.loadFolder(resolve(repoRoot, 'data/tle'));
    await services.accounts.createUser({
      username: 'bench',
      password: 'bench-password',
      orgType: 4,
      orderTypes: [1, 4],
    });
    const app = await buildApp({
      version: 'bench',
      auth: services.auth,
      routes: routeModules(services),
      // Raw capacity: the product's per-user limits would stop one benchmark user.
      rateLimits: false,
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: apiPath('/auth/login'),
      payload: { username: 'bench', password: 'bench-password', remember: false },
    });
    const authorization = `Bearer ${login.json().data.token}`;
    const satIds = (
      await app.inject({
        method: 'GET',
        url: `${apiPath('/satellites')}?taskable=true`,
        headers: { authorization },
      })
    )
      .json()
      .data.sats.map((s: { id: number }) => s.id);
    const day = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);
    const times: number[] = [];
    let total = 0;
    let coverage = 0;
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const r = await app.inject({
        method: 'POST',
        url: apiPath('/tasking/predictions'),
        headers: { authorization },
        payload: {
          aois: [aois[i % aois.length]],
          // No cloud or coverage limit: every pass is found, measured and sent, the endpoint's whole work.
          condition: { fdate: day(1), tdate: day(31), cc: 100, ac: 0, ona: 25, sza: 0 },
          satIds,
          sensor: {},
        },
      });
      const elapsed = performance.now() - started;
      const body = r.json();
      if (body.code !== 2000) throw new Error(`prediction failed: ${JSON.stringify(body).slice(0, 300)}`);
      if (i >= 3) {
        times.push(elapsed);
        const p = body.data[0] as TaskingPrediction;
        total += p.total;
        coverage += p.coverage;
      }
    }
    console.log(
      `(c) endpoint on embedded PGlite, ${satIds.length} taskable satellites × 30 days × 1° AOI, off-nadir ≤ 25°: ` +
        `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))} ` +
        `(${(total / runs).toFixed(0)} passes and ${(coverage / runs).toFixed(1)} % coverage per prediction)`,
    );
    await app.close();
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

const sats = benchSatellites();
engine(sats, 25);
engine(sats, 45);
misses(sats);
await endpoint();
console.log('targets (issue 6): (a) ≤ 500 ms for 50 satellites; (b) 0 missed; (c) p95 ≤ 1 s');
