import { randomUUID } from 'node:crypto';
import {
  type Aoi,
  type CapturePlan,
  Limits,
  type Satellite,
  type SensorChoice,
  SensorType,
  type StaleElements,
  type TaskingPass,
  type TaskingPrediction,
  type TaskingPredictionRequest,
  type TaskingPredictionResponse,
  type UnpredictedSatellite,
  type User,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { type AreasRepository, checkAois, percent, prepareArea, utcDay } from '../areas';
import { toSatellite } from '../catalogue/catalogue.mapper';
import type { CatalogueRepository } from '../catalogue/catalogue.repository';
import type { OrbitalElementsRepository } from '../catalogue/orbital-elements.repository';
import { InvalidElementsError, Orbit } from '../orbits/orbit';
import type { NormalisedGeometry } from '../scenes/lonlat';
import { type CapturePlanOutline, outlineCapturePlan } from './plan';
import { matchingCapabilities, type PredictedPass, predictPasses } from './prediction';
import { type PassTarget, prepareTarget } from './target';
import { groupByDay, toTaskingPass } from './tasking.mapper';
import type { TaskingRepository } from './tasking.repository';
import { localDayOf, localMidnight } from './zone';

const dayMs = 86_400_000;

/** A prediction over any window (the operator CLI); the API's rules come before it. */
export interface PredictionWindow {
  aois: Aoi[];
  from: Date;
  to: Date;
  satIds: number[];
  maxOffNadirDeg: number;
  /** Day sensors' sun zenith limit; 0: the usual daylight limit. */
  maxSunZenithDeg: number;
  orbitDirection?: 0 | 1 | 2;
  sensor?: SensorChoice | undefined;
  /** The API predicts only satellites that take tasking orders; the CLI any satellite. */
  taskableOnly: boolean;
  /** Passes whose cloud forecast is above it are left out (the panel's `cc`); absent: none. */
  maxCloudPercent?: number;
  /** Passes covering less of the AOI are left out (the panel's `ac`); absent: none. */
  minCoveragePercent?: number;
}

/** A prediction before it is stored (the CLI's, which is not). */
export type UnstoredPrediction = Omit<TaskingPrediction, 'taskId'>;

/**
 * The window of a tasking prediction (spec 000 §5 "Tasking prediction"), checked in the panel's
 * order: a satellite group, then the dates. Days are the user's local days (`timeZone`, UTC when
 * the account has none): today is the user's today, and the window runs from the start day's
 * local midnight (or now, if later) to the local midnight after the end day.
 */
export function taskingWindow(
  request: Pick<TaskingPredictionRequest, 'condition' | 'satIds'>,
  now: Date,
  timeZone: string | null,
) {
  const zone = timeZone ?? 'UTC';
  if (!request.satIds.length) throw ApiError.invalid('satIds', 'placeholder.selectSatellite');
  const c = request.condition;
  const from = utcDay(c.fdate);
  if (from === undefined) throw ApiError.invalid('condition.fdate', 'search.invalidDate');
  const to = utcDay(c.tdate);
  if (to === undefined) throw ApiError.invalid('condition.tdate', 'search.invalidDate');
  if (from > to) throw ApiError.invalid('condition.fdate', 'search.exceedTime');
  const today = localDayOf(now.getTime(), zone);
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  // Yesterday stays allowed, as the spec's picker allows it: the window then begins now.
  if (from < today - dayMs) {
    throw ApiError.invalid('condition.fdate', 'search.dateOutOfRange', {
      min: day(today - dayMs),
      max: day(today + Limits.taskingStartMaxDaysAhead * dayMs),
    });
  }
  if (from > today + Limits.taskingStartMaxDaysAhead * dayMs) {
    throw ApiError.invalid('condition.fdate', 'search.exceed15', { days: Limits.taskingStartMaxDaysAhead });
  }
  if (to - from > Limits.taskingSpanMaxDays * dayMs) {
    throw ApiError.invalid('condition.tdate', 'search.exceed30', { days: Limits.taskingSpanMaxDays });
  }
  return {
    from: new Date(Math.max(localMidnight(from, zone), now.getTime())),
    to: new Date(localMidnight(to + dayMs, zone)),
  };
}

/**
 * AOI polygons grouped into pass-search targets: polygons whose caps come within 1° of each
 * other search together (an AOI split at ±180°, overlapping AOIs), distant ones apart, so each
 * target stays compact and a satellite's overpass of it is one pass.
 */
export function targetsOf(aois: NormalisedGeometry[]): PassTarget[] {
  const polygons = aois.flatMap((a) => a.coordinates);
  const caps = polygons.map((p) => prepareTarget({ coordinates: [p] }, 1));
  const group = polygons.map((_, i) => i);
  const root = (i: number): number => {
    if (group[i] !== i) group[i] = root(group[i]!);
    return group[i]!;
  };
  for (let i = 0; i < caps.length; i++) {
    for (let j = i + 1; j < caps.length; j++) {
      const a = caps[i]!;
      const b = caps[j]!;
      const cos = a.centre[0] * b.centre[0] + a.centre[1] * b.centre[1] + a.centre[2] * b.centre[2];
      if (Math.acos(Math.min(1, cos)) <= a.radius + b.radius + Math.PI / 180) group[root(j)] = root(i);
    }
  }
  const clusters = new Map<number, number[][][][]>();
  polygons.forEach((p, i) => {
    const list = clusters.get(root(i)) ?? [];
    list.push(p);
    clusters.set(root(i), list);
  });
  return [...clusters.values()].map((coordinates) => prepareTarget({ coordinates }));
}

/** Tasking prediction (spec 000 §2, §3, §5, §7): passes of real orbits over the AOIs. */
export class TaskingService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly elements: OrbitalElementsRepository,
    private readonly areas: Pick<AreasRepository, 'prepareAois'>,
    private readonly tasking: TaskingRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The panel's prediction: its rules in the user's zone, taskable satellites only, passes
   * filtered by cloud forecast and AOI coverage. Stored under a new taskId for tasking price and
   * orders, an empty one too: total 0 is the client's `order.nullbody` warning (spec 000 §5).
   */
  async predict(
    user: Pick<User, 'id' | 'timezone'>,
    request: TaskingPredictionRequest,
  ): Promise<TaskingPredictionResponse> {
    const { from, to } = taskingWindow(request, this.now(), user.timezone);
    const c = request.condition;
    const unstored = await this.predictWindow({
      aois: request.aois,
      from,
      to,
      satIds: request.satIds,
      maxOffNadirDeg: c.ona,
      maxSunZenithDeg: c.sza,
      orbitDirection: c.orbit ?? 0,
      sensor: request.sensor,
      taskableOnly: true,
      maxCloudPercent: c.cc,
      minCoveragePercent: c.ac,
    });
    const prediction: TaskingPrediction = { taskId: randomUUID(), ...unstored };
    await this.tasking.savePrediction(user.id, request, prediction);
    return [prediction];
  }

  /**
   * The passes of the chosen satellites over the AOIs in [from, to), with the elements whose
   * epoch is nearest the window's middle, each satellite's footprints, the cloud forecast and
   * AOI coverage of each pass (those beyond the window's limits left out), and the AOI coverage
   * of the union of the passes kept.
   */
  async predictWindow(w: PredictionWindow): Promise<UnstoredPrediction> {
    const aois = checkAois(w.aois);
    const area = await prepareArea(this.areas, aois);
    const targets = targetsOf(aois);
    const chosen = new Set(w.satIds);
    const satellites = (await this.catalogue.listSatellites(false))
      .map(toSatellite)
      .filter((s) => chosen.has(s.id));
    const unpredicted: UnpredictedSatellite[] = [];
    const unavailable = (sat: Satellite, reason: UnpredictedSatellite['reason']) =>
      unpredicted.push({ satId: sat.id, satName: sat.name, reason });
    const candidates = satellites.filter((sat) => {
      if (w.taskableOnly && sat.status === 'retired') unavailable(sat, 'retired');
      else if (w.taskableOnly && !sat.taskable) unavailable(sat, 'notTaskable');
      else if (!matchingCapabilities(sat, w.sensor).length) unavailable(sat, 'noSensor');
      else return true;
      return false;
    });
    const fromMs = w.from.getTime();
    const toMs = w.to.getTime();
    const middle = new Date((fromMs + toMs) / 2);
    const elements = new Map(
      (
        await this.elements.nearestForSatellites(
          candidates.map((s) => s.id),
          middle,
        )
      ).map((e) => [e.satellite_id, e]),
    );
    const conditions = {
      fromMs,
      toMs,
      maxOffNadirDeg: w.maxOffNadirDeg,
      maxSunZenithDeg: w.maxSunZenithDeg,
      orbitDirection: w.orbitDirection ?? 0,
      sensor: w.sensor,
    };
    const staleElements: StaleElements[] = [];
    // Every pass within the geometric conditions: the list keeps those within the cloud and
    // coverage limits, the capture plan chooses among all of them.
    const all: { pass: PredictedPass; sat: Satellite; epoch: Date }[] = [];
    for (const sat of candidates) {
      const set = elements.get(sat.id);
      let orbit: Orbit | undefined;
      try {
        orbit = set && Orbit.fromTle(set.line1, set.line2);
      } catch (e) {
        if (!(e instanceof InvalidElementsError)) throw e;
      }
      if (!set || !orbit) {
        unavailable(sat, 'noElements');
        continue;
      }
      const ageDays = (fromMs - set.epoch.getTime()) / dayMs;
      if (ageDays > Limits.staleElementsDays) {
        staleElements.push({
          satId: sat.id,
          satName: sat.name,
          noradId: sat.noradId,
          epoch: set.epoch.toISOString(),
          ageDays: Math.round(ageDays * 10) / 10,
        });
      }
      for (const target of targets) {
        for (const pass of predictPasses(sat, orbit, target, conditions))
          all.push({ pass, sat, epoch: set.epoch });
      }
    }
    const withinCloud = (f: (typeof all)[number]) =>
      w.maxCloudPercent === undefined || f.pass.cloudForecast <= w.maxCloudPercent;
    const coverageOfEach = await this.tasking.coverageOfEach(
      area.union,
      area.areaKm2,
      all.map((f) => f.pass.footprint),
    );
    const outline = outlineCapturePlan(
      aois,
      all.map((f) => ({
        footprint: f.pass.footprint,
        best: f.pass.best,
        radar: f.pass.sensorType === SensorType.Radar,
      })),
      w.maxCloudPercent ?? 100,
      this.now().getTime(),
    );
    const described = all.map((f, i) => ({
      ...f,
      item: toTaskingPass(
        f.pass,
        f.sat,
        f.epoch,
        percent(coverageOfEach[i] ?? 0),
        outline.clearOfEach[i] ?? 0,
      ),
    }));
    const found = described.filter(withinCloud);
    const kept = found.filter(
      (f) => w.minCoveragePercent === undefined || f.item.coverage >= w.minCoveragePercent,
    );
    const passes = kept.map((f) => f.pass);
    // Said beside the passes, so that an empty prediction can tell which limit emptied it.
    const leftOut = { cloud: all.length - found.length, coverage: found.length - kept.length };
    const coverage = passes.length
      ? await this.tasking.coverage(
          area.union,
          area.areaKm2,
          passes.map((p) => p.footprint),
        )
      : 0;
    const plan = all.length
      ? await this.planOf(area, outline, described, new Set(kept.map((f) => f.item)), w)
      : null;
    const list = groupByDay(kept.map((f) => f.item));
    const ordered = list.flatMap((d) => d.item);
    return {
      total: ordered.length,
      beginTime: ordered[0]?.enterTime ?? null,
      endTime:
        ordered
          .map((p) => p.leaveTime)
          .sort()
          .at(-1) ?? null,
      coverage: percent(coverage),
      list,
      windowStart: w.from.toISOString(),
      windowEnd: w.to.toISOString(),
      staleElements,
      unpredicted,
      leftOut,
      plan,
    };
  }

  /**
   * The capture plan's passes in time order, its exact coverage and that of every pass of the
   * window, and the list limits that would list every planned pass when the current ones do not.
   */
  private async planOf(
    area: { union: string; areaKm2: number },
    outline: CapturePlanOutline,
    described: { pass: PredictedPass; item: TaskingPass }[],
    listed: Set<TaskingPass>,
    w: Pick<PredictionWindow, 'maxCloudPercent' | 'minCoveragePercent'>,
  ): Promise<CapturePlan> {
    const planned = outline.chosen
      .map((i, k) => ({ ...(described[i] as (typeof described)[number]), added: outline.added[k] ?? 0 }))
      .sort((a, b) => a.pass.best - b.pass.best);
    const [coverage, coverable] = await Promise.all([
      this.tasking.coverage(
        area.union,
        area.areaKm2,
        planned.map((p) => p.pass.footprint),
      ),
      this.tasking.coverage(
        area.union,
        area.areaKm2,
        described.map((p) => p.pass.footprint),
      ),
    ]);
    const unlisted = planned.some((p) => !listed.has(p.item));
    const round3 = (x: number) => Math.round(x * 1000) / 1000;
    return {
      candidates: described.length,
      passes: planned.map((p) => ({ pass: p.item, addedCoverage: percent(p.added * 100) })),
      coverage: percent(coverage),
      coverable: percent(coverable),
      planClearProbability: round3(outline.planClearProbability),
      completion: outline.completion.map((step) => ({
        time: new Date(step.time).toISOString(),
        probability: round3(step.probability),
        expectedCoverage: percent(step.expectedShare * 100),
      })),
      conditions: unlisted
        ? {
            cc: Math.max(
              w.maxCloudPercent ?? 100,
              Math.ceil(Math.max(...planned.map((p) => p.item.cloudForecast))),
            ),
            ac: Math.min(
              w.minCoveragePercent ?? 0,
              Math.floor(Math.min(...planned.map((p) => p.item.coverage))),
            ),
          }
        : null,
    };
  }
}
