import type { Fulfilment } from './compose-fulfilment';

/**
 * The operator's fulfilment commands (npm run cli -- orders … | jobs …): list orders, decide an
 * audit, look at a job. An approval only moves the order and enqueues its steps; the running
 * server's workers carry them out.
 */
export const orderCommandsUsage = `  orders list [--status N] [--username U] [--limit N]
                      orders, newest first: number, user, kind, status, level, terms' delivery states
  orders approve NUMBER | orders reject NUMBER
                      decide the audit of an order in 11 (auditing): approve → 21 processing and its
                      deliveries queued; reject → 12 audit failed (the orderer is mailed)
  orders release NUMBER [--scene ID]
                      the manual recheck is done: deliver the order's waiting archive scenes (or one)
                      now, in this process, instead of when the recheck delay ends
  jobs show ID        a fulfilment job: queue, state, tries, times, its data and output
  jobs counts         jobs per queue and state`;

export const orderCommands = [
  'orders list',
  'orders approve',
  'orders reject',
  'orders release',
  'jobs show',
  'jobs counts',
];

/** Operands each command takes (the rest are refused as unexpected). */
export const orderCommandOperands: Record<string, number> = {
  'orders approve': 1,
  'orders reject': 1,
  'orders release': 1,
  'jobs show': 1,
};

const kindName = (kind: number) => (kind === 4 ? 'tasking' : 'archive');

export class OrderCommandError extends Error {}

export async function runOrderCommand(
  command: string,
  operands: string[],
  values: { status?: string; username?: string; limit?: string; scene?: string },
  fulfilment: Fulfilment,
  out: (line: string) => void,
): Promise<number> {
  switch (command) {
    case 'orders list': {
      const limit = values.limit ? Number(values.limit) : 50;
      const status = values.status ? Number(values.status) : undefined;
      if (!Number.isInteger(limit) || limit < 1)
        throw new OrderCommandError('--limit must be a positive whole number');
      if (status !== undefined && !Number.isInteger(status))
        throw new OrderCommandError('--status must be a status code');
      const rows = await fulfilment.repository.operatorList({ status, username: values.username, limit });
      if (!rows.length) out('no orders');
      for (const o of rows) {
        out(
          `${o.orderNumber}  ${o.username.padEnd(16)} ${kindName(o.kind).padEnd(8)} status ${o.status}  level ${o.level}  ` +
            `${o.createdAt.toISOString()}  terms [${o.termStates.join(',')}]${o.auditedBy ? `  audited by ${o.auditedBy}` : ''}`,
        );
      }
      return 0;
    }
    case 'orders approve':
    case 'orders reject': {
      const number = operands[0]!;
      const id = await fulfilment.repository.orderIdOf(number);
      if (id === null) throw new OrderCommandError(`no order "${number}"`);
      const decision = command === 'orders approve' ? 'approve' : 'reject';
      const outcome = await fulfilment.service.audit(id, decision, `operator:${process.env.USER ?? 'cli'}`);
      if (outcome.kind === 'skipped') {
        out(`order ${number} is not auditing (status ${outcome.status}): nothing changed`);
        return 1;
      }
      out(`order ${number} ${decision === 'approve' ? 'approved' : 'rejected'}: status ${outcome.status}`);
      return 0;
    }
    case 'orders release': {
      const number = operands[0]!;
      const id = await fulfilment.repository.orderIdOf(number);
      if (id === null) throw new OrderCommandError(`no order "${number}"`);
      const released = await fulfilment.service.release(id, values.scene ?? null);
      if (!released.length) {
        out(`order ${number} has no archive scene waiting${values.scene ? ` as "${values.scene}"` : ''}`);
        return 1;
      }
      for (const r of released) out(`terms ${r.termsId}: ${r.result}`);
      return released.every((r) => r.result === 'done') ? 0 : 1;
    }
    case 'jobs show': {
      const job = await fulfilment.queue.find(operands[0]!);
      if (!job) throw new OrderCommandError(`no job "${operands[0]}"`);
      out(JSON.stringify(job, null, 2));
      return 0;
    }
    case 'jobs counts': {
      for (const [queue, states] of Object.entries(await fulfilment.queue.counts())) {
        const parts = Object.entries(states).map(([s, n]) => `${s} ${n}`);
        out(`${queue.padEnd(16)} ${parts.length ? parts.join(', ') : 'none'}`);
      }
      return 0;
    }
  }
  throw new OrderCommandError(`unknown command "${command}"`);
}
