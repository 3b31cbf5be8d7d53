import { polygonsAreaKm2 } from '../modules/scenes/storable';
import { type ArchiveGenerationDeps, generateArchive } from '../modules/simulator/archive-generation';
import { densityForTarget, type SimulatedScene, simulateScenes } from '../modules/simulator/simulator';
import { elementsLookupFromSets } from '../modules/simulator/tle-elements';
import type { LivingArchiveRepository, LivingArchiveState } from './living-archive.repository';

/**
 * The living archive (issue 16): the demo provider's simulated archive keeps growing as the real
 * satellites fly. The `living_archive` row holds the density and seed the archive was made with
 * and how far it reaches; each extension generates the scenes from there on with the same
 * density and seed, and the simulator gives, piece by piece, exactly the scenes of the whole
 * window (simulator.ts, "Determinism"), so an archive extended every few minutes, or after days
 * of downtime, holds the same scenes as one generated at once: no gap, no duplicate. Scenes are
 * upserted, so two runs at once write the same rows (only real inserts are noted as arrivals by
 * the scenes trigger), and the reach moves by compare-and-set, so only one of them moves it.
 * No long transaction: the embedded database runs one session at a time.
 */

const dayMs = 86_400_000;
/** At most a day per piece: a long downtime is caught up day by day, the reach moving after each. */
export const pieceMs = dayMs;

export interface LivingArchiveDeps {
  archiveGeneration: ArchiveGenerationDeps;
  livingArchive: LivingArchiveRepository;
}

export interface LivingArchiveExtension {
  /** The reach before. */
  from: Date;
  /** The reach after (`until`, unless another run is still on its way there). */
  to: Date;
  /** Scenes new to the archive (those already written by a run at the same time are not counted). */
  inserted: number;
}

/** The three years of UTC days up to `to` (a UTC midnight): the demo archive's window. */
export function threeYearsTo(to: Date): { from: Date; to: Date } {
  const from = new Date(to);
  from.setUTCFullYear(from.getUTCFullYear() - 3);
  return { from, to };
}

/** The satellites and element sets read once for a whole run of pieces, not once per piece. */
function readOnce(deps: ArchiveGenerationDeps): ArchiveGenerationDeps {
  let satellites: ReturnType<ArchiveGenerationDeps['satellites']> | undefined;
  let elementSets: ReturnType<ArchiveGenerationDeps['elementSets']> | undefined;
  return {
    satellites: () => {
      satellites ??= deps.satellites();
      return satellites;
    },
    elementSets: () => {
      elementSets ??= deps.elementSets();
      return elementSets;
    },
    upsertScenes: (scenes) => deps.upsertScenes(scenes),
  };
}

/**
 * Extends the archive from its reach to `until` (default now); null when there is no living
 * archive (not the demo, or DEMO_SCENES=0). `until` may lie ahead of now (the operator's
 * `archive advance`, a test and demo hook).
 */
export async function extendLivingArchive(
  deps: LivingArchiveDeps,
  options: { until?: Date } = {},
): Promise<LivingArchiveExtension | null> {
  const until = options.until ?? new Date();
  let state = await deps.livingArchive.state();
  if (!state) return null;
  const from = state.simulatedTo;
  const generation = readOnce(deps.archiveGeneration);
  let inserted = 0;
  let reach = state.simulatedTo;
  while (reach < until) {
    const pieceEnd = new Date(Math.min(until.getTime(), reach.getTime() + pieceMs));
    const report = await generateArchive(generation, {
      from: reach,
      to: pieceEnd,
      density: state.density,
      seed: state.seed,
    });
    inserted += report.inserted;
    if (await deps.livingArchive.advance(reach, pieceEnd)) {
      reach = pieceEnd;
      continue;
    }
    // Another run moved the reach: its scenes up to there are written; go on from where it is.
    state = await deps.livingArchive.state();
    if (!state) return null;
    reach = state.simulatedTo;
  }
  return { from, to: reach, inserted };
}

/** The scenes an extension to `until` would add, simulated only: nothing is written. */
export async function upcomingScenes(deps: LivingArchiveDeps, until: Date): Promise<SimulatedScene[]> {
  const state = await deps.livingArchive.state();
  if (!state || until <= state.simulatedTo) return [];
  const { archiveGeneration } = deps;
  const scenes: SimulatedScene[] = [];
  for await (const batch of simulateScenes({
    satellites: await archiveGeneration.satellites(),
    elementsFor: elementsLookupFromSets(await archiveGeneration.elementSets()),
    from: state.simulatedTo,
    to: until,
    density: state.density,
    seed: state.seed,
  }))
    scenes.push(...batch);
  return scenes;
}

/** A scene for the end-to-end tests: enough to draw an AOI inside it and to recognise it after. */
export function upcomingSceneJson(scene: SimulatedScene) {
  const polygons =
    scene.footprint.type === 'Polygon' ? [scene.footprint.coordinates] : scene.footprint.coordinates;
  const area = polygonsAreaKm2(polygons);
  return {
    id: scene.id,
    satelliteId: scene.satelliteId,
    satelliteName: scene.properties.satelliteName,
    acquiredAt: scene.acquiredAt.toISOString(),
    cloudCover: scene.cloudCover,
    offNadir: scene.offNadir,
    sunZenith: scene.sunZenith,
    sensorType: scene.sensorType,
    productQuality: scene.productQuality,
    areaKm2: Math.round(area * 100) / 100,
    footprint: scene.footprint,
  };
}

/**
 * The row of an archive generated before the living archive existed (scenes, no row), derived
 * as that generation computed it: its window ended at the UTC midnight after its newest scene's
 * day and began three years before, and its density was the one for `targetCount` scenes over
 * that window (`generateArchive`'s `densityForTarget`, seed 1). Null without simulated scenes.
 * The end is right when the window's last day has a scene: at the demo's ≈ 190 scenes a day it has.
 */
export async function deriveLivingArchive(
  deps: LivingArchiveDeps,
  targetCount: number,
  now: Date,
): Promise<LivingArchiveState | null> {
  // A first start's generation ends at its own day, never after now: a later simulated scene is
  // none of its (in the test database, another test's scenes of 2096).
  const newest = await deps.livingArchive.newestSimulatedScene(now);
  if (!newest) return null;
  const window = threeYearsTo(new Date((Math.floor(newest.getTime() / dayMs) + 1) * dayMs));
  const { density } = await densityForTarget({
    satellites: await deps.archiveGeneration.satellites(),
    elementsFor: elementsLookupFromSets(await deps.archiveGeneration.elementSets()),
    ...window,
    seed: 1,
    targetCount,
  });
  const state = { density, seed: 1, simulatedTo: window.to };
  await deps.livingArchive.create(state);
  return deps.livingArchive.state();
}

export interface LivingArchiveRunner {
  /** Ends the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * The server's living archive: a catch-up at once, then an extension to now every `seconds`
 * (0: off); after each that added scenes, `onExtended` (the matching). Runs in the background,
 * never two at once in this process; its timer does not keep the process alive.
 */
export function startLivingArchive(
  deps: LivingArchiveDeps,
  seconds: number,
  onExtended: (extension: LivingArchiveExtension) => void | Promise<void>,
  say: (m: string) => void,
): LivingArchiveRunner {
  if (!(seconds > 0)) return { stop: async () => {} };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const extension = await extendLivingArchive(deps);
      if (extension?.inserted) {
        say(`living archive: ${extension.inserted} new scenes up to ${extension.to.toISOString()}`);
        await onExtended(extension);
      }
    } catch (e) {
      say(`living archive: ${(e as Error).message}`);
    }
  };
  const next = () => {
    if (stopped) return;
    running = run().finally(() => {
      if (stopped) return;
      timer = setTimeout(next, seconds * 1000);
      timer.unref();
    });
  };
  next();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
