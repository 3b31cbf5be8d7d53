import { OrderStatus, TermStates } from '@satportal/contract';

/**
 * The order life cycle of spec 001 §4 as pure rules (docs/ORDERING.md "Fulfilment"): the
 * order's status follows from its terms' delivery states once the audit has let it through.
 *
 *   11 auditing ──approve──▶ 21 processing ──first term delivered──▶ 34 partial delivery
 *      └─reject──▶ 12             │                                      │
 *                                 └──────── every term settled ──────────┴─▶ 32 | 34 | 22
 *   11, 21, 31, 34 ──user cancel──▶ 41        any open status ──platform──▶ 42
 *
 * The statuses are the contract's `OrderStatus`.
 */

/** Terms still to deliver: not begun, waiting for the queue, or being made. */
export const OpenTermStates: readonly number[] = [
  TermStates.Initialised,
  TermStates.Submitted,
  TermStates.Executing,
];

/** Statuses in which fulfilment still works on an order. */
export const WorkingStatuses: readonly number[] = [OrderStatus.Processing, OrderStatus.PartialDelivery];

/**
 * The status of an order in work, from its terms: still open → 21, or 34 once something is
 * delivered; all settled → 32 when every term was delivered, 34 when some were, 22 when none.
 * Failed (−3), rejected (98) and cancelled (99) terms are settled without delivery.
 */
export function statusFromTerms(states: readonly number[]): {
  status: number;
  settled: boolean;
} {
  const open = states.some((s) => OpenTermStates.includes(s));
  const delivered = states.filter((s) => s === TermStates.Complete).length;
  if (open) {
    return { status: delivered ? OrderStatus.PartialDelivery : OrderStatus.Processing, settled: false };
  }
  if (delivered === states.length && delivered > 0) return { status: OrderStatus.Finished, settled: true };
  if (delivered > 0) return { status: OrderStatus.PartialDelivery, settled: true };
  return { status: OrderStatus.ProcessFailed, settled: true };
}

/** Which mail an order's final status earns its orderer (none for an audit or a cancel). */
export function mailKindOf(status: number): 'delivered' | 'partial' | 'failed' | null {
  if (status === OrderStatus.Finished) return 'delivered';
  if (status === OrderStatus.PartialDelivery) return 'partial';
  if (status === OrderStatus.ProcessFailed || status === OrderStatus.AuditFailed) return 'failed';
  return null;
}

/**
 * When a job due at `due` (wall-clock, e.g. a pass start) runs on the fulfilment clock: the
 * demo's clock runs `factor` times faster from the moment of ordering.
 */
export function onFulfilmentClock(orderedAt: Date, due: Date, factor: number): Date {
  const wait = Math.max(0, due.getTime() - orderedAt.getTime());
  return new Date(orderedAt.getTime() + wait / factor);
}
