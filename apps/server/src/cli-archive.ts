import {
  extendLivingArchive,
  type LivingArchiveDeps,
  upcomingSceneJson,
  upcomingScenes,
} from './demo/living-archive';

/**
 * The operator's living-archive commands (npm run cli -- archive advance | upcoming | status):
 * the demo provider's simulated archive moved on by hand, what it would add, how far it reaches.
 * `advance` is also the end-to-end tests' and demos' hook to make a new pass arrive now.
 */
export const archiveCommandsUsage = `  archive advance --hours N
                      extend the living archive by N hours (0 < N ≤ 168) beyond its current reach,
                      then match the new scenes against the subscriptions; it may pass "now" (a test
                      and demo hook) up to 7 days ahead; prints the window and the new scene count
  archive upcoming --hours N [--json]
                      the scenes the next "archive advance --hours N" would add, writing nothing;
                      --json prints one JSON array (id, satelliteId, satelliteName, acquiredAt,
                      cloudCover, offNadir, sunZenith, sensorType, productQuality, areaKm2, footprint)
  archive status      the living archive's reach, density and seed, and the new scenes not matched yet`;

export const archiveCommands = ['archive advance', 'archive upcoming', 'archive status'];

export const archiveOptions = {
  hours: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export class ArchiveCommandError extends Error {}

const hourMs = 3_600_000;
/** How far ahead of now the hook may take the archive: a week of passes is plenty for any test. */
export const maxAheadHours = 168;

function hours(text: string | undefined): number {
  if (text === undefined) throw new ArchiveCommandError('--hours is required');
  const n = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(n > 0 && n <= maxAheadHours))
    throw new ArchiveCommandError(`--hours must be a number of hours above 0 and at most ${maxAheadHours}`);
  return n;
}

/** What `matchPending` reports (the subscriptions module's matching). */
export interface MatchingRun {
  scenes: number;
  matches: number;
}

export interface ArchiveCommandDeps extends LivingArchiveDeps {
  /** Matches the new scenes at once, so the matches exist when `advance` returns. */
  matchPending?: () => Promise<MatchingRun>;
  now?: () => Date;
}

const iso = (d: Date) => d.toISOString();

export async function runArchiveCommand(
  command: string,
  values: { hours?: string; json?: boolean },
  deps: ArchiveCommandDeps,
  out: (line: string) => void,
): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const state = await deps.livingArchive.state();
  if (!state)
    throw new ArchiveCommandError(
      'there is no living archive: the demo (DEMO=1, DEMO_SCENES > 0) makes one at its first start',
    );
  if (command === 'archive status') {
    const pending = await deps.livingArchive.pendingArrivals();
    const ahead = (state.simulatedTo.getTime() - now.getTime()) / hourMs;
    const relation =
      ahead >= 0 ? `${ahead.toFixed(1)} h ahead of now` : `${(-ahead).toFixed(1)} h behind now`;
    out(`living archive: reaches ${iso(state.simulatedTo)} (${relation})`);
    out(`  density ${state.density.toPrecision(3)}, seed ${state.seed}`);
    out(`  new scenes waiting to be matched: ${pending}`);
    return 0;
  }
  const until = new Date(state.simulatedTo.getTime() + hours(values.hours) * hourMs);
  if (command === 'archive upcoming') {
    const scenes = (await upcomingScenes(deps, until)).map(upcomingSceneJson);
    if (values.json) {
      out(JSON.stringify(scenes));
      return 0;
    }
    for (const s of scenes)
      out(
        `${s.id}  ${s.satelliteName.padEnd(14)} ${s.acquiredAt}  cloud ${s.cloudCover.toFixed(0)} %  off-nadir ${s.offNadir.toFixed(1)}°`,
      );
    out(`${scenes.length} scenes from ${iso(state.simulatedTo)} to ${iso(until)}`);
    return 0;
  }
  if (until.getTime() > now.getTime() + maxAheadHours * hourMs)
    throw new ArchiveCommandError(
      `the living archive reaches ${iso(state.simulatedTo)}: ${values.hours} hours more would take it beyond ${maxAheadHours} hours ahead of now`,
    );
  const extension = await extendLivingArchive(deps, { until });
  if (!extension) throw new ArchiveCommandError('the living archive was removed meanwhile');
  out(`living archive: ${iso(extension.from)} → ${iso(extension.to)}, ${extension.inserted} new scenes`);
  if (deps.matchPending) {
    const matching = await deps.matchPending();
    out(`matching: ${matching.scenes} new scenes, ${matching.matches} matches`);
  }
  return 0;
}
