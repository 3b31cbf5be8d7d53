import type { Services } from '../composition';
import { generateArchive } from '../modules/simulator/archive-generation';
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

/**
 * The first demo start fills the archive with simulated scenes from the real orbits and notes
 * how far it reaches, with the density and seed it was made with, for the living archive to go on
 * from; later starts find them and reuse them. An archive made before the living archive existed
 * gets its row derived once.
 */
export async function ensureDemoArchive(
  services: Pick<Services, 'archiveGeneration' | 'scenesRepository' | 'livingArchive'>,
  targetCount: number,
  say: (m: string) => void,
  now = new Date(),
): Promise<void> {
  if (targetCount <= 0) return;
  const counts = await services.scenesRepository.countByProvenance();
  if (counts.simulated > 0) {
    if (await services.livingArchive.state()) return;
    const derived = await deriveLivingArchive(services, targetCount, now);
    if (derived) say(`living archive: the simulated archive reaches ${derived.simulatedTo.toISOString()}`);
    return;
  }
  say(
    `generating the simulated archive (about ${targetCount.toLocaleString('en')} scenes over three years; first start only)`,
  );
  const window = demoArchiveWindow(now);
  const seed = 1;
  const report = await generateArchive(services.archiveGeneration, {
    ...window,
    targetCount,
    seed,
    onProgress: throttledProgress(say),
  });
  await services.livingArchive.create({ density: report.density, seed, simulatedTo: window.to });
  say(`simulated archive: ${report.written.toLocaleString('en')} scenes in ${report.seconds.toFixed(0)} s`);
}
