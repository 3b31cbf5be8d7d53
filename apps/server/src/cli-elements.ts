import type { CatalogueService } from './modules/catalogue/catalogue.service';
import { defaultConstellation } from './modules/catalogue/constellation';
import type { FetchRow, SourceReport } from './modules/catalogue/element-fetches.repository';
import type { ElementsRefreshService } from './modules/catalogue/elements-refresh.service';
import { describeTleLoad, type OrbitalElementsService } from './modules/catalogue/orbital-elements.service';

/**
 * The operator's orbital-elements commands (npm run cli -- tle load | fetch | status): load a TLE
 * file, fetch from the configured source now, and each satellite's element age with the last
 * fetch's outcome. `fetch` and `status` exit 1 when the last fetch failed, so a cron or a
 * monitoring check notices.
 */
export const elementCommandsUsage = `  tle load FILE       load orbital elements (TLE, 2- or 3-line sets); every epoch is kept,
                      sets already known are skipped, satellites not in the catalogue are kept;
                      exits 1 when an entry was rejected (the others are loaded)
  tle fetch           fetch orbital elements now from ORBITAL_ELEMENTS_URL (CelesTrak GP: OMM JSON,
                      OMM CSV or TLE); stores the valid sets of the catalogue's satellites, keeps the
                      previous sets when the fetch fails or looks wrong; prints each source's outcome;
                      exits 1 when nothing was stored
  tle status          each satellite's newest element set: epoch, age in days, where it came from;
                      the last fetch (time, outcome, errors) and when the next one is due; exits 1 when
                      the last fetch failed`;

export const elementCommands = ['tle load', 'tle fetch', 'tle status'];

export class ElementCommandError extends Error {}

export interface ElementCommandDeps {
  catalogue: CatalogueService;
  orbitalElements: OrbitalElementsService;
  elementsRefresh: ElementsRefreshService;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '—');

function describeSource(s: SourceReport): string {
  const what = s.problem
    ? `${s.problem}${s.error ? `: ${s.error}` : ''}`
    : `${s.read} sets read, ${s.rejected} refused, ${s.ours} of the catalogue's satellites`;
  return `  ${s.url} [${s.format ?? '?'}${s.status === null ? '' : `, HTTP ${s.status}`}] ${what}`;
}

type FetchLike = Pick<
  FetchRow,
  'outcome' | 'trigger' | 'started_at' | 'finished_at' | 'stored' | 'satellites' | 'sources' | 'error'
>;

function describeFetch(label: string, f: FetchLike): string[] {
  const lines = [
    `${label}: ${f.outcome} (${f.trigger}), started ${iso(f.started_at)}, finished ${iso(f.finished_at)}; ${f.stored} new sets for ${f.satellites} satellites`,
  ];
  if (f.outcome === 'failed') lines.push('  nothing stored: the previous elements stay in use');
  lines.push(...f.sources.map(describeSource));
  // An interruption or a database failure has no source to name it.
  if (f.error && !f.sources.some((s) => s.error)) lines.push(`  ${f.error}`);
  return lines;
}

export async function runElementCommand(
  command: string,
  operands: string[],
  deps: ElementCommandDeps,
  out: (line: string) => void,
): Promise<number> {
  // The catalogue may not be seeded yet when no server has started on this database.
  await deps.catalogue.seedConstellation(defaultConstellation);
  if (command === 'tle load') {
    if (operands.length !== 1) throw new ElementCommandError('tle load needs one FILE');
    const report = await deps.orbitalElements.loadFile(operands[0]!);
    for (const line of describeTleLoad(report)) out(line);
    // Corrupt entries must not pass unnoticed in a scheduled refresh.
    return report.rejected.length ? 1 : 0;
  }
  if (operands.length) throw new ElementCommandError(`unexpected "${operands.join(' ')}"`);
  if (command === 'tle fetch') {
    const result = await deps.elementsRefresh.refresh('operator');
    if (result.kind === 'notConfigured')
      throw new ElementCommandError('no source is configured: set ORBITAL_ELEMENTS_URL');
    if (result.kind === 'skipped')
      throw new ElementCommandError('another fetch is running; try again shortly');
    for (const line of describeFetch('fetch', {
      ...result,
      trigger: 'operator',
      started_at: result.startedAt,
      finished_at: result.finishedAt,
    }))
      out(line);
    return result.outcome === 'failed' ? 1 : 0;
  }
  const r = await deps.elementsRefresh.report();
  const now = Date.now();
  out(
    r.settings.urls.length
      ? `source: ${r.settings.urls.join(', ')}, every ${r.settings.refreshHours} h; next fetch due ${iso(r.dueAt)}`
      : 'source: none configured (ORBITAL_ELEMENTS_URL); the elements are those loaded from files',
  );
  out('satellite                 NORAD  epoch                 age (days)  from');
  for (const s of r.satellites) {
    const age = s.epoch ? ((now - s.epoch.getTime()) / 86_400_000).toFixed(1) : '—';
    const from = s.epoch
      ? s.fetched_at
        ? `${s.source_file} (fetched ${iso(s.fetched_at)})`
        : `${s.source_file}`
      : 'no elements';
    out(
      `${s.name.padEnd(25)} ${String(s.norad_id).padStart(5)}  ${iso(s.epoch).padEnd(20)}  ${age.padStart(10)}  ${from}`,
    );
  }
  if (!r.last) {
    out('last fetch: none');
    return 0;
  }
  for (const line of describeFetch('last fetch', r.last)) out(line);
  if (r.lastSuccess && r.lastSuccess.id !== r.last.id)
    out(`last successful fetch: ${iso(r.lastSuccess.finished_at)}`);
  return r.last.outcome === 'failed' ? 1 : 0;
}
