import type { Services } from '../composition';
import { generateArchive } from '../modules/simulator/archive-generation';

const dayMs = 86_400_000;

/** The window of the demo archive: the three years up to today (UTC days). */
export function demoArchiveWindow(now = new Date()): { from: Date; to: Date } {
  const to = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
  const from = new Date(to);
  from.setUTCFullYear(from.getUTCFullYear() - 3);
  return { from, to };
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
 * The first demo start fills the archive with simulated scenes from the real
 * orbits; later starts find them and reuse them.
 */
export async function ensureDemoArchive(
  services: Pick<Services, 'archiveGeneration' | 'scenesRepository'>,
  targetCount: number,
  say: (m: string) => void,
): Promise<void> {
  if (targetCount <= 0) return;
  const counts = await services.scenesRepository.countByProvenance();
  if (counts.simulated > 0) return;
  say(
    `generating the simulated archive (about ${targetCount.toLocaleString('en')} scenes over three years; first start only)`,
  );
  const report = await generateArchive(services.archiveGeneration, {
    ...demoArchiveWindow(),
    targetCount,
    onProgress: throttledProgress(say),
  });
  say(`simulated archive: ${report.written.toLocaleString('en')} scenes in ${report.seconds.toFixed(0)} s`);
}
