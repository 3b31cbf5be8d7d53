import type { Services } from '../composition';
import { archiveDensity, generateArchive } from '../modules/simulator/archive-generation';
import { deriveLivingArchive, threeYearsTo } from './living-archive';

const dayMs = 86_400_000;

/** The window of the demo archive: the three years up to today (UTC days). */
export function demoArchiveWindow(now = new Date()): { from: Date; to: Date } {
  return threeYearsTo(new Date(Math.floor(now.getTime() / dayMs) * dayMs));
}

/** Reports progress at most every `everyMs`: long runs show they are alive without flooding the log. */
export function throttledProgress(say: (m: string) => void, everyMs = 2000) {
  let last = 0;
  return (p: { written: number; target: number | undefined; upTo: Date }) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    const of = p.target ? ` of about ${p.target.toLocaleString('en')}` : '';
    say(
      `simulated archive: ${p.written.toLocaleString('en')}${of} scenes written (up to ${p.upTo.toISOString().slice(0, 10)})`,
    );
  };
}

/** The first start serves once this many of the newest days exist (issue 28 #9). */
export const FIRST_DAYS = 7;
/** Then fills the rest back in slices of this many days, its progress noted after each. */
export const FILL_SLICE_DAYS = 30;

/** The archive's filling in the background: `done` settles when it is whole, stopped or failed (logged). */
export interface ArchiveFilling {
  done: Promise<void>;
  /** Stops after the slice under way (its scenes are written; the next start goes on from there). */
  stop(): Promise<void>;
}

type DemoArchiveServices = Pick<Services, 'archiveGeneration' | 'scenesRepository' | 'livingArchive'>;

/**
 * The first demo start makes the archive's simulated scenes from the real orbits and notes how far
 * they reach, with the density and seed they were made with, for the living archive to go on from;
 * later starts find them and reuse them. An archive made before the living archive existed gets its
 * row derived once.
 *
 * With `background` (the server's default) the first start is ready in seconds rather than minutes:
 * the row is written first (window, density, seed, nothing filled yet), the newest `FIRST_DAYS` are
 * made before it returns, and the rest of the three years is filled back slice by slice in the
 * background, the row's `filled_from` moved after each slice. The simulator gives, piece by piece,
 * exactly the scenes of the whole window and scenes are upserted, so a start after a kill -9 in the
 * middle of a slice makes that slice again and ends with the very archive a single run makes.
 * Without it (tests that need the whole archive at once) everything is made before it returns.
 */
export async function ensureDemoArchive(
  services: DemoArchiveServices,
  targetCount: number,
  say: (m: string) => void,
  now = new Date(),
  options: { background?: boolean } = {},
): Promise<ArchiveFilling | null> {
  if (targetCount <= 0) return null;
  const state = await services.livingArchive.state();
  if (state?.filledFrom) return fillInBackground(services, say, options.background ?? false);
  const counts = await services.scenesRepository.countByProvenance();
  if (counts.simulated > 0) {
    if (state) return null;
    const derived = await deriveLivingArchive(services, targetCount, now);
    if (derived) say(`living archive: the simulated archive reaches ${derived.simulatedTo.toISOString()}`);
    return null;
  }
  if (state) return null;
  const window = demoArchiveWindow(now);
  const seed = 1;
  if (!options.background) {
    say(
      `generating the simulated archive (about ${targetCount.toLocaleString('en')} scenes over three years; first start only)`,
    );
    const report = await generateArchive(services.archiveGeneration, {
      ...window,
      targetCount,
      seed,
      onProgress: throttledProgress(say),
    });
    await services.livingArchive.create({ density: report.density, seed, simulatedTo: window.to });
    say(`simulated archive: ${report.written.toLocaleString('en')} scenes in ${report.seconds.toFixed(0)} s`);
    return null;
  }
  say(
    `generating the simulated archive (about ${targetCount.toLocaleString('en')} scenes over three years; first start only): the newest ${FIRST_DAYS} days now, the rest in the background`,
  );
  const density = await archiveDensity(services.archiveGeneration, { ...window, targetCount, seed });
  await services.livingArchive.create({
    density,
    seed,
    simulatedTo: window.to,
    windowStart: window.from,
    filledFrom: window.to,
  });
  return fillInBackground(services, say, true);
}

/**
 * Fills the archive back from the row's `filled_from` to its window's start: the newest
 * `FIRST_DAYS` before it returns if they are not there yet, the rest in the background (or all
 * before it returns when `background` is false).
 */
async function fillInBackground(
  services: DemoArchiveServices,
  say: (m: string) => void,
  background: boolean,
): Promise<ArchiveFilling | null> {
  const started = performance.now();
  let stopped = false;
  const slice = async (days: number): Promise<boolean> => {
    const state = await services.livingArchive.state();
    if (!state?.filledFrom || !state.windowStart) return false;
    const to = state.filledFrom;
    const from = new Date(Math.max(state.windowStart.getTime(), to.getTime() - days * dayMs));
    await generateArchive(services.archiveGeneration, { from, to, density: state.density, seed: state.seed });
    const whole = from.getTime() <= state.windowStart.getTime();
    await services.livingArchive.filledBack(to, whole ? null : from);
    const span = state.simulatedTo.getTime() - state.windowStart.getTime();
    const share = Math.round(((state.simulatedTo.getTime() - from.getTime()) / span) * 100);
    say(
      whole
        ? `simulated archive: whole (three years) after ${((performance.now() - started) / 1000).toFixed(0)} s`
        : `simulated archive: filled back to ${from.toISOString().slice(0, 10)} (${share} % of three years)`,
    );
    return !whole;
  };
  const first = await services.livingArchive.state();
  if (first?.filledFrom && first.filledFrom.getTime() > first.simulatedTo.getTime() - FIRST_DAYS * dayMs) {
    if (!(await slice(FIRST_DAYS))) return null;
  }
  const run = async () => {
    while (!stopped && (await slice(FILL_SLICE_DAYS))) {}
  };
  if (!background) {
    await run();
    return null;
  }
  const done = run().catch((e: unknown) =>
    say(
      `simulated archive: filling stopped (${e instanceof Error ? e.message : String(e)}); the next start goes on`,
    ),
  );
  return {
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}
