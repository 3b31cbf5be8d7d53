import { composeFulfilment, type Fulfilment } from '../../compose-fulfilment';
import type { FulfilmentConfig } from '../../config';
import type { Harness } from '../../test/harness';

// The set-up of the fulfilment tests (fulfilment*.db.test.ts): workers over the harness's services.

/** Polls `probe` until it answers something truthy; fails after `seconds`, naming what it waited for. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  seconds = 120,
): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Fulfilment's workers in the test process, over the harness's store and outbox. Audits are the
 * test's to make (automatic audits off), so the other test files' orders in this database stay
 * as they are.
 */
export async function startTestFulfilment(
  h: Harness,
  settings: Partial<FulfilmentConfig> = {},
): Promise<Fulfilment> {
  const fulfilment = await composeFulfilment(
    h.pool,
    h.services,
    {
      dataDir: h.config.dataDir,
      fulfilment: {
        autoAudit: false,
        auditDelaySeconds: 0,
        manualRecheckDelaySeconds: 3,
        taskingClockFactor: 1,
        downloadLinkDays: 7,
        linkSecret: 'test',
        publicUrl: 'http://portal.test',
        ...settings,
      },
    },
    { workers: true, pollingIntervalSeconds: 0.5, sweepSeconds: 2 },
  );
  await fulfilment.startWorkers();
  return fulfilment;
}
