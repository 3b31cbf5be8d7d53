import { rm } from 'node:fs/promises';
import type { TaskingPass } from '@satportal/contract';
import type { FulfilmentConfig } from '../../config';
import { capturedScene, decideCapture, SlewMarginSeconds } from './captures';
import { DeliverableError } from './deliverables';
import type { FulfilmentRepository, SettleOutcome, TermWork } from './fulfilment.repository';
import { onFulfilmentClock } from './life-cycle';
import type { CaptureCatalogue, FulfilmentScheduler, OrderMailer, PackageMaker, PackageStore } from './types';

export interface FulfilmentDeps {
  scheduler: FulfilmentScheduler;
  makePackage: PackageMaker;
  store: PackageStore;
  mail: OrderMailer;
  catalogue: CaptureCatalogue;
  config: Pick<
    FulfilmentConfig,
    | 'autoAudit'
    | 'auditDelaySeconds'
    | 'manualRecheckDelaySeconds'
    | 'taskingClockFactor'
    | 'downloadLinkDays'
  >;
  /** This process's own work folder (packages are made here, then stored). */
  workDir: string;
  /** The absolute signed download link of a package (for the `delivery.completed` event). */
  downloadUrl?: (key: string, expiresAt: Date) => string;
  now?: () => Date;
}

/** What one step did, for logs, the CLI and tests. */
export type StepResult = 'done' | 'nothing' | 'failed' | 'notShot';

const seconds = (s: number) => s * 1000;

/** Where a terms entry's package is stored: one key per entry, the same on every try. */
export function packageKey(term: Pick<TermWork, 'orderNumber' | 'id'>, fileName: string): string {
  return `orders/${term.orderNumber}/${term.id}/${fileName}`;
}

/**
 * The order life cycle (spec 001 §4, docs/ORDERING.md "Fulfilment"): audit, deliver each terms
 * entry, capture tasking passes, mail the orderer. Every step reads the state from the database
 * and moves it with a compare-and-set, so a step run twice (a retried job, two workers, a restart
 * after kill -9) changes nothing the second time: the state is the truth, the queue only a
 * reminder. The sweep puts back on the queue whatever the state says is still to do.
 */
export class FulfilmentService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: FulfilmentRepository,
    private readonly deps: FulfilmentDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** New orders: audited by themselves after the delay in demo mode; by an operator otherwise. */
  async ordersPlaced(orders: { orderId: number }[]): Promise<void> {
    if (!this.deps.config.autoAudit) return;
    const at = new Date(this.now().getTime() + seconds(this.deps.config.auditDelaySeconds));
    for (const o of orders) await this.deps.scheduler.audit(o.orderId, at);
  }

  /** Decides an order's audit (once) and schedules what follows an approval. */
  async audit(orderId: number, decision: 'approve' | 'reject', by: string) {
    const factor = this.deps.config.taskingClockFactor;
    const outcome = await this.repository.audit(orderId, decision, by, (pass, orderedAt) =>
      onFulfilmentClock(orderedAt, new Date(String(pass.bestTime)), factor),
    );
    if (outcome.kind === 'skipped') return outcome;
    if (decision === 'reject') await this.deps.scheduler.mail(orderId);
    const now = this.now();
    const recheckAt = new Date(now.getTime() + seconds(this.deps.config.manualRecheckDelaySeconds));
    for (const t of outcome.terms) {
      if (t.captureDueAt) await this.deps.scheduler.capture(t.id, t.captureDueAt);
      else await this.deps.scheduler.deliver(t.id, outcome.manualRecheck ? recheckAt : now);
    }
    return outcome;
  }

  /**
   * Makes, stores and records one terms entry's package. `lastTry`: the queue will not retry, so a
   * failure settles the entry as failed (−3) instead of being thrown back for another go.
   */
  async deliverTerm(termsId: number, lastTry: boolean): Promise<StepResult> {
    const term = await this.repository.findTerm(termsId);
    if (!term || !(await this.repository.claim(termsId))) return 'nothing';
    try {
      const made = await this.deps.makePackage(term, this.deps.workDir);
      const key = packageKey(term, made.fileName);
      try {
        await this.deps.store.put(key, { path: made.path }, { contentType: 'application/zip' });
      } finally {
        await rm(made.path, { force: true });
      }
      const expiresAt = new Date(this.now().getTime() + this.deps.config.downloadLinkDays * 86_400_000);
      const outcome = await this.repository.deliver(
        termsId,
        { key, bytes: made.bytes, sha256: made.sha256, expiresAt },
        {
          orderId: term.orderId,
          orderNumber: term.orderNumber,
          termsId: term.id,
          sceneIds: term.sceneId ? [term.sceneId] : term.scenes.map((s) => String(s.sceneId ?? '')),
          package: {
            fileName: made.fileName,
            bytes: made.bytes,
            sha256: made.sha256,
            expiresAt: expiresAt.toISOString(),
            url: this.deps.downloadUrl?.(key, expiresAt) ?? '',
          },
        },
      );
      // Cancelled meanwhile, or delivered by a twin run: the object is nobody's unless a term holds it.
      if (outcome.kind === 'stale' && !(await this.repository.holdsPackage(key)))
        await this.deps.store.delete(key);
      await this.afterSettle(outcome);
      return outcome.kind === 'stale' ? 'nothing' : 'done';
    } catch (error) {
      // A package that cannot be made from its input fails at once; a fault gets the queue's retries.
      if (!lastTry && !(error instanceof DeliverableError)) throw error;
      await this.afterSettle(
        await this.repository.fail(termsId, (error as Error).message.slice(0, 500), null),
      );
      return 'failed';
    }
  }

  /**
   * The operator's release (CLI `orders release`): the manual recheck of these terms is done,
   * deliver them now rather than when the recheck delay ends. Archive terms only: a tasking
   * term waits for its pass, which no one can bring forward.
   */
  async release(orderId: number, sceneId: string | null): Promise<{ termsId: number; result: StepResult }[]> {
    const results: { termsId: number; result: StepResult }[] = [];
    for (const termsId of await this.repository.waitingTerms(orderId, sceneId)) {
      const term = await this.repository.findTerm(termsId);
      if (term?.kind !== 1) continue;
      results.push({ termsId, result: await this.deliverTerm(termsId, true) });
    }
    return results;
  }

  /** A tasking pass's time has come (on the fulfilment clock): shoot it or say why not. */
  async capture(termsId: number): Promise<StepResult> {
    const term = await this.repository.findTerm(termsId);
    if (!term?.pass || term.state !== -1)
      return term?.state === 1 ? this.deliverTerm(termsId, false) : 'nothing';
    const pass = term.pass as unknown as TaskingPass;
    const margin = seconds(SlewMarginSeconds);
    const [satellite, conflicts] = await Promise.all([
      this.deps.catalogue.satellite(pass.satId, pass.sensorType),
      this.repository.committedPasses(
        term.orderId,
        pass.satId,
        new Date(Date.parse(pass.enterTime) - margin),
        new Date(Date.parse(pass.leaveTime) + margin),
      ),
    ]);
    const maxCloud = Number((term.condition as { cc?: unknown } | null)?.cc ?? 100);
    const decision = decideCapture({
      pass,
      maxCloud: Number.isFinite(maxCloud) ? maxCloud : 100,
      maxOffNadirDeg: satellite?.maxOffNadirDeg ?? null,
      conflicts,
    });
    if (!decision.shot) {
      await this.afterSettle(
        await this.repository.fail(termsId, `not shot: ${decision.reason.reason}`, decision.reason),
      );
      return 'notShot';
    }
    const scene = capturedScene(
      pass,
      termsId,
      decision.cloudCover,
      satellite ?? { bands: [] },
      term.orderNumber,
    );
    await this.deps.catalogue.addScene(scene);
    await this.repository.recordCapture(termsId, [
      {
        sceneId: scene.id,
        satId: pass.satId,
        satName: pass.satName,
        satGroupName: pass.satGroupName,
        sensorType: pass.sensorType,
        time: pass.bestTime,
        imageGsd: pass.imageGsd,
        cc: scene.cloudCover,
        ona: pass.offNadirAngle,
        sza: pass.sunZenith,
        productQuality: scene.productQuality,
        sceneArea: term.orderArea,
        boundaries: pass.boundaries,
      },
    ]);
    return this.deliverTerm(termsId, false);
  }

  /** Mails the orderer about the order's final status, once per status. */
  async mail(orderId: number): Promise<StepResult> {
    const facts = await this.repository.mailFacts(orderId);
    if (!facts) return 'nothing';
    if (facts.email) await this.deps.mail(facts);
    await this.repository.markMailed(orderId, facts.status);
    return 'done';
  }

  /**
   * Puts back on the queue everything the database says is still to do: after a start (jobs of
   * a killed process), and every little while (a schedule lost between a commit and its enqueue).
   * The scheduler drops a job already waiting for the same step.
   */
  async sweep(): Promise<{ audits: number; terms: number; mails: number }> {
    const work = await this.repository.openWork();
    const { config, scheduler } = this.deps;
    const now = this.now().getTime();
    if (config.autoAudit) {
      for (const o of work.auditing) {
        await scheduler.audit(
          o.id,
          new Date(Math.max(now, o.orderedAt.getTime() + seconds(config.auditDelaySeconds))),
        );
      }
    }
    for (const t of work.terms) {
      if (t.kind === 4 && !t.captured && t.captureDueAt) {
        await scheduler.capture(t.id, t.captureDueAt);
      } else {
        const recheck = t.manualRecheck
          ? t.auditedAt.getTime() + seconds(config.manualRecheckDelaySeconds)
          : 0;
        await scheduler.deliver(t.id, new Date(Math.max(now, recheck)));
      }
    }
    for (const id of work.unmailed) await scheduler.mail(id);
    return {
      audits: config.autoAudit ? work.auditing.length : 0,
      terms: work.terms.length,
      mails: work.unmailed.length,
    };
  }

  private async afterSettle(outcome: SettleOutcome): Promise<void> {
    if (outcome.kind === 'settled' && outcome.orderSettled) await this.deps.scheduler.mail(outcome.orderId);
  }
}
