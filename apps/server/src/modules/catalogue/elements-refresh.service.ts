import type { OrbitalElementsStatus } from '@satportal/contract';
import { toOrbitalElementsStatus } from './catalogue.mapper';
import type {
  ElementFetchesRepository,
  FetchRow,
  FetchTrigger,
  Finish,
  SatelliteAgeRow,
  SourceReport,
} from './element-fetches.repository';
import {
  fetchSource,
  formatOf,
  implausibility,
  parseElements,
  type SourceAnswer,
  type SourceLimits,
} from './element-source';
import { OmmFormatError } from './omm';
import type { OrbitalElementsRepository } from './orbital-elements.repository';
import type { ElementSet } from './tle';

/** The refresh's configuration (ORBITAL_ELEMENTS_* in config.ts). */
export interface ElementsRefreshSettings {
  /** Empty: no source (an offline install); the elements are those loaded from files. */
  urls: string[];
  refreshHours: number;
  timeoutSeconds: number;
  maxBytes: number;
  userAgent: string;
}

export type RefreshResult =
  | { kind: 'notConfigured' }
  /** Another fetch runs (operator), or it runs or is not due (schedule). */
  | { kind: 'skipped' }
  | ({ kind: 'done'; id: number; startedAt: Date; finishedAt: Date } & Finish);

/** What `tle status` prints: the raw rows, sources and errors in full (the operator's view). */
export interface ElementsReport {
  settings: Pick<ElementsRefreshSettings, 'urls' | 'refreshHours'>;
  satellites: SatelliteAgeRow[];
  last: FetchRow | undefined;
  lastSuccess: FetchRow | undefined;
  dueAt: Date | null;
}

/** Where a source's sets are recorded as coming from: its address without credentials. */
export function sourceName(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

/** Reasons listed with an attempt: enough to act on, bounded for a catalogue of thousands. */
const listedReasons = 5;
const summary = (reasons: string[]) =>
  reasons.length > listedReasons
    ? `${reasons.slice(0, listedReasons).join('; ')}; and ${reasons.length - listedReasons} more`
    : reasons.join('; ');

/**
 * Orbital elements kept fresh (issue 28): fetches every configured source, keeps the valid sets
 * of the catalogue's satellites, and records the attempt. A fetch that fails or looks wrong
 * stores nothing — the sets already stored stay, and the predictor keeps using the newest of them.
 */
export class ElementsRefreshService {
  constructor(
    private readonly fetches: ElementFetchesRepository,
    private readonly elements: Pick<OrbitalElementsRepository, 'storeFetched'>,
    private readonly settings: ElementsRefreshSettings,
    private readonly fetchAnswer: (url: string, limits: SourceLimits) => Promise<SourceAnswer> = fetchSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get configured(): boolean {
    return this.settings.urls.length > 0;
  }

  /** A running fetch older than this was cut by its process's end: every source's deadline and a minute. */
  private get leaseSeconds(): number {
    return this.settings.urls.length * this.settings.timeoutSeconds + 60;
  }

  private get waits() {
    const afterSuccessSeconds = this.settings.refreshHours * 3600;
    // A failed source is asked again within the hour, not at once: CelesTrak asks clients not to
    // hammer it, and its data change every few hours anyway.
    return { afterSuccessSeconds, afterFailureSeconds: Math.min(afterSuccessSeconds, 3600) };
  }

  /** When the next scheduled fetch may start; null without a source. */
  async dueAt(): Promise<Date | null> {
    if (!this.configured) return null;
    const last = await this.fetches.last();
    if (!last) return this.now();
    const started = last.started_at.getTime();
    if (last.outcome === 'running') return new Date(started + this.leaseSeconds * 1000);
    const { afterSuccessSeconds, afterFailureSeconds } = this.waits;
    const wait = last.outcome === 'failed' ? afterFailureSeconds : afterSuccessSeconds;
    return new Date(started + wait * 1000);
  }

  /**
   * One fetch of every source, if this caller wins the claim: the operator's always (unless one
   * runs), the schedule's only when due. Idempotent under repetition and concurrency.
   */
  async refresh(trigger: FetchTrigger): Promise<RefreshResult> {
    if (!this.configured) return { kind: 'notConfigured' };
    const startedAt = this.now();
    const id = await this.fetches.claim({
      trigger,
      now: startedAt,
      leaseSeconds: this.leaseSeconds,
      ...(trigger === 'schedule' ? { due: this.waits } : {}),
    });
    if (id === null) return { kind: 'skipped' };
    let finish: Finish;
    try {
      finish = await this.fetchAll(startedAt);
    } catch (e) {
      // The database failed mid-way: the attempt is closed as failed, and the job retries.
      const error = (e as Error).message;
      await this.fetches
        .finish(id, this.now(), {
          outcome: 'failed',
          problem: null,
          error,
          sources: [],
          stored: 0,
          satellites: 0,
        })
        .catch(() => {});
      throw e;
    }
    const finishedAt = this.now();
    await this.fetches.finish(id, finishedAt, finish);
    return { kind: 'done', id, startedAt, finishedAt, ...finish };
  }

  private async fetchAll(now: Date): Promise<Finish> {
    const catalogue = new Map((await this.fetches.newestPerSatellite()).map((r) => [r.norad_id, r]));
    const limits: SourceLimits = {
      timeoutMs: this.settings.timeoutSeconds * 1000,
      maxBytes: this.settings.maxBytes,
      userAgent: this.settings.userAgent,
    };
    const sources: SourceReport[] = [];
    const accepted: { source: string; sets: ElementSet[] }[] = [];
    for (const url of this.settings.urls) {
      const report = await this.readSource(url, limits, now, catalogue);
      sources.push(report.report);
      if (report.sets.length) accepted.push({ source: report.report.url, sets: report.sets });
    }
    let stored = 0;
    for (const a of accepted) stored += await this.elements.storeFetched(a.sets, a.source, now);
    const satellites = new Set(accepted.flatMap((a) => a.sets.map((s) => s.noradId))).size;
    const troubled = sources.filter((s) => s.problem);
    const error = troubled.length ? troubled.map((s) => `${s.url}: ${s.error}`).join('\n') : null;
    const problem = troubled[0]?.problem ?? null;
    if (!accepted.length) return { outcome: 'failed', problem, error, sources, stored: 0, satellites: 0 };
    return { outcome: troubled.length ? 'partial' : 'ok', problem, error, sources, stored, satellites };
  }

  /** One source: fetched, read in its format, each set of our satellites checked. */
  private async readSource(
    url: string,
    limits: SourceLimits,
    now: Date,
    catalogue: Map<number, SatelliteAgeRow>,
  ): Promise<{ report: SourceReport; sets: ElementSet[] }> {
    const report: SourceReport = {
      url: sourceName(url),
      format: null,
      status: null,
      read: 0,
      rejected: 0,
      ours: 0,
      problem: null,
      error: null,
    };
    const fail = (problem: string, error: string) => {
      report.problem = problem;
      report.error = error;
      return { report, sets: [] };
    };
    const answer = await this.fetchAnswer(url, limits);
    report.status = answer.status;
    if (!answer.ok) return fail(answer.problem, answer.error);
    if (!answer.text.trim()) return fail('empty', 'the answer is empty');
    const format = formatOf(answer.text, answer.contentType, url);
    report.format = format;
    let parsed: ReturnType<typeof parseElements>;
    try {
      parsed = parseElements(answer.text, format);
    } catch (e) {
      if (e instanceof OmmFormatError)
        return fail('malformed', `not OMM ${format.toUpperCase()}: ${e.message}`);
      throw e;
    }
    report.read = parsed.elementSets.length;
    report.rejected = parsed.rejected.length;
    const parseReasons = parsed.rejected.map((r) => r.reason);
    if (!parsed.elementSets.length)
      return fail(
        parsed.rejected.length ? 'malformed' : 'empty',
        parsed.rejected.length ? `no valid element set: ${summary(parseReasons)}` : 'no element sets',
      );
    // A document mostly refused is garbled as a whole: its surviving entries are not trusted either.
    if (parsed.rejected.length > parsed.elementSets.length)
      return fail(
        'malformed',
        `${parsed.rejected.length} of ${parsed.rejected.length + parsed.elementSets.length} entries refused: ${summary(parseReasons)}`,
      );
    const sets: ElementSet[] = [];
    const refused: string[] = [];
    for (const set of parsed.elementSets) {
      const satellite = catalogue.get(set.noradId);
      if (!satellite) continue;
      const why = implausibility(set, now, satellite.altitude_km);
      if (why) refused.push(`${satellite.name} (NORAD ${set.noradId}): ${why}`);
      else sets.push(set);
    }
    report.rejected += refused.length;
    report.ours = sets.length;
    if (!sets.length && !refused.length)
      return fail(
        'noCatalogueSatellites',
        `none of the ${parsed.elementSets.length} sets is of a satellite of the catalogue`,
      );
    if (refused.length) {
      report.problem = 'rejected';
      report.error = summary(refused);
    }
    return { report, sets };
  }

  /** What the API and the panel show: ages now, the last attempt and the last success. */
  async status(): Promise<OrbitalElementsStatus> {
    const [satellites, last, lastSuccess] = await Promise.all([
      this.fetches.newestPerSatellite(),
      this.fetches.last(),
      this.fetches.lastSuccess(),
    ]);
    return toOrbitalElementsStatus({
      configured: this.configured,
      refreshHours: this.settings.refreshHours,
      satellites,
      last,
      lastSuccess,
      now: this.now(),
    });
  }

  /** What `tle status` prints. */
  async report(): Promise<ElementsReport> {
    const [satellites, last, lastSuccess, dueAt] = await Promise.all([
      this.fetches.newestPerSatellite(),
      this.fetches.last(),
      this.fetches.lastSuccess(),
      this.dueAt(),
    ]);
    return {
      settings: { urls: this.settings.urls.map(sourceName), refreshHours: this.settings.refreshHours },
      satellites,
      last,
      lastSuccess,
      dueAt,
    };
  }
}
