import { type NotShotReason, SensorType, type TaskingPass } from '@satportal/contract';
import type { SceneInput } from '../scenes/scenes.repository';
import { cloudCoverAt } from '../weather';

/**
 * Tasking captures (docs/ORDERING.md "Captures"): when an ordered pass comes, the satellite
 * shoots unless one of three rules refuses it, checked in this order:
 *
 * 1. conflict — an earlier approved order (by order time) holds the same satellite in an
 *    overlapping window (each widened by the slew margin below): first come, first served;
 * 2. roll — the pass needs more off-nadir than the satellite's agility (the prediction kept such
 *    passes out, but elements and catalogues change between prediction and pass);
 * 3. cloud — optical passes only: the sky over the footprint at the capture time, the weather
 *    model's mean over the footprint's cells, is cloudier than the order's `cc`. The forecast the
 *    customer saw was the AOI centre's cell; the footprint's mean can differ, as weather does.
 *
 * A shot produces a new archive scene from the pass: its footprint, time, look and light, the
 * cloud actually met. The same pass always gives the same scene (same id), so a capture job
 * repeated after a crash writes nothing new.
 */

/** Time a satellite needs to slew between two targets: windows closer than this conflict. */
export const SlewMarginSeconds = 60;

export interface CaptureFacts {
  pass: TaskingPass;
  /** the order's maximum cloud cover, % (its prediction condition; 100 when none) */
  maxCloud: number;
  /** the satellite's agility now: its largest off-nadir angle, degrees; null if unknown */
  maxOffNadirDeg: number | null;
  /** earlier orders holding the satellite in the widened window */
  conflicts: { orderNumber: string }[];
}

export type CaptureDecision = { shot: true; cloudCover: number } | { shot: false; reason: NotShotReason };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The cloud cover met over a footprint at an instant: the mean of its weather cells, %. */
export function cloudOverFootprint(rings: number[][][], time: number): number {
  const samples: number[] = [];
  for (const ring of rings) {
    const lons = ring.map((p) => p[0]!);
    const lats = ring.map((p) => p[1]!);
    const [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
    // A 5 × 5 grid over the part's box, kept where it falls inside the ring; the box's centre
    // otherwise (a thin strip may leave no grid point inside).
    for (let i = 0; i < 5; i += 1) {
      for (let j = 0; j < 5; j += 1) {
        const lon = w + ((i + 0.5) * (e - w)) / 5;
        const lat = s + ((j + 0.5) * (n - s)) / 5;
        if (insideRing(ring, lon, lat)) samples.push(cloudCoverAt(lon, lat, time));
      }
    }
    if (!samples.length) samples.push(cloudCoverAt((w + e) / 2, (s + n) / 2, time));
  }
  return round2(samples.reduce((a, b) => a + b, 0) / samples.length);
}

function insideRing(ring: number[][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function visibility(pass: TaskingPass) {
  const start = Date.parse(pass.enterTime);
  return {
    time: pass.enterTime,
    durationSeconds: round2((Date.parse(pass.leaveTime) - start) / 1000),
  };
}

/** The rule above, pure: what happens to one ordered pass. */
export function decideCapture(facts: CaptureFacts): CaptureDecision {
  const { pass } = facts;
  const visibleTimeAndDuration = visibility(pass);
  const refuse = (reason: NotShotReason['reason'], comments: string, cloudCover: number | null) => ({
    shot: false as const,
    reason: { reason, comments, visibleTimeAndDuration, cloudCover, roll: pass.offNadirAngle },
  });
  const first = facts.conflicts[0];
  if (first) {
    return refuse('conflict', `the satellite was committed to order ${first.orderNumber} at this time`, null);
  }
  if (facts.maxOffNadirDeg !== null && pass.offNadirAngle > facts.maxOffNadirDeg) {
    return refuse(
      'roll',
      `the target needed ${pass.offNadirAngle}° of roll, beyond the satellite's ${facts.maxOffNadirDeg}°`,
      null,
    );
  }
  const radar = pass.sensorType === SensorType.Radar;
  const cloudCover = radar ? 0 : cloudOverFootprint(pass.boundaries, Date.parse(pass.bestTime));
  if (cloudCover > facts.maxCloud) {
    return refuse(
      'cloud',
      `${cloudCover}% cloud over the footprint, above the ordered ${facts.maxCloud}%`,
      cloudCover,
    );
  }
  return { shot: true, cloudCover };
}

/** The id of a captured scene: the satellite, the pass time and the terms entry it was shot for. */
export function capturedSceneId(pass: TaskingPass, termsId: number): string {
  const time = pass.bestTime.replace(/[-:]/g, '').replace(/\.\d+/, '').replace('Z', '');
  return `${pass.satName.replace(/[^A-Za-z0-9]+/g, '')}_${time}_T${termsId}`;
}

/** The archive scene a shot pass adds to the catalogue. */
export function capturedScene(
  pass: TaskingPass,
  termsId: number,
  cloudCover: number,
  satellite: { bands: SceneInput['bands'] },
  orderNumber: string,
): SceneInput {
  const parts = pass.boundaries.map((ring) => [ring]);
  return {
    id: capturedSceneId(pass, termsId),
    satelliteId: pass.satId,
    acquiredAt: pass.bestTime,
    footprint:
      parts.length === 1
        ? { type: 'Polygon', coordinates: parts[0]! }
        : { type: 'MultiPolygon', coordinates: parts },
    cloudCover: pass.sensorType === SensorType.Radar ? null : cloudCover,
    offNadir: pass.offNadirAngle,
    sunZenith: pass.sunZenith,
    gsd: pass.imageGsd,
    orbitDirection: pass.orbit,
    sensorType: pass.sensorType,
    bands: satellite.bands,
    stereoMode: 'MONO',
    // Same bar as the simulator's: heavy cloud or a near-limit look lowers the grade.
    productQuality: cloudCover > 95 ? 'B' : 'A',
    provenance: 'simulated',
    assets: { quicklook: null, files: [] },
    properties: { 'satportal:capturedFor': orderNumber, 'satportal:termsId': termsId },
  };
}
