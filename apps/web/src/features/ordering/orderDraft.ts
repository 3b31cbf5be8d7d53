import { ProcessingLevels, ProcessModes } from '@satportal/contract';
import { isRecord } from '../../shared/records';
import type { CartStorage } from '../cart/cartPersistence';
import type { OrderChoices, Priority, Requester } from './orderForm';

/**
 * The order dialog's choices kept while it is open (issue 28 #6: a reload in the order dialog
 * brings it back as it was, `?dialog=order`). Beside the cart, per user; gone once the order is
 * placed or the dialog cancelled. The agreements are not kept: a customer ticks them for the order
 * they confirm, not for one a reload restored.
 */
export interface OrderDraft {
  choices: OrderChoices;
  requester: Requester;
}

export const orderDraftKey = (userId: number) => `orderDraft:${userId}`;

const levels: readonly number[] = Object.values(ProcessingLevels);
/** Longer than any requester field the dialog takes (the address, 300): a bound for a hand-edited value. */
const textMax = 500;

function choicesOf(value: unknown): OrderChoices | null {
  if (!isRecord(value)) return null;
  const { levels: chosen, processMode, clipping, qualityTesting, manualRecheck, priority } = value;
  if (!Array.isArray(chosen) || !chosen.every((l) => levels.includes(l))) return null;
  if (!ProcessModes.some((m) => m === processMode)) return null;
  if (typeof clipping !== 'boolean' || typeof qualityTesting !== 'boolean') return null;
  if (typeof manualRecheck !== 'boolean') return null;
  if (priority !== 1 && priority !== 2 && priority !== 3) return null;
  return {
    levels: [...new Set(chosen)] as OrderChoices['levels'],
    processMode: processMode as OrderChoices['processMode'],
    clipping,
    qualityTesting,
    manualRecheck,
    priority: priority as Priority,
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= textMax;

const requesterTexts = ['company', 'email', 'address', 'application', 'contact'] as const;

function requesterOf(value: unknown): Requester | null {
  if (!isRecord(value)) return null;
  const { requestType, companyId } = value;
  if (requestType !== null && requestType !== 1 && requestType !== 2) return null;
  if (companyId !== null && !(Number.isInteger(companyId) && (companyId as number) > 0)) return null;
  if (!requesterTexts.every((field) => isText(value[field]))) return null;
  const texts = Object.fromEntries(requesterTexts.map((field) => [field, value[field] as string]));
  return { requestType, companyId: companyId as number | null, ...texts } as Requester;
}

/** The user's kept draft, or null: none, or storage another version or a hand wrote. */
export function readOrderDraft(storage: CartStorage, userId: number): OrderDraft | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(orderDraftKey(userId)) ?? 'null');
    if (!isRecord(value)) return null;
    const choices = choicesOf(value.choices);
    const requester = requesterOf(value.requester);
    return choices && requester ? { choices, requester } : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; a full or blocked storage only means a reload will not bring it back. */
export function writeOrderDraft(storage: CartStorage, userId: number, draft: OrderDraft) {
  try {
    storage.setItem(orderDraftKey(userId), JSON.stringify(draft));
  } catch {
    // the dialog works on; its choices will not survive a reload
  }
}

export function clearOrderDraft(storage: CartStorage, userId: number) {
  try {
    storage.removeItem(orderDraftKey(userId));
  } catch {
    // nothing kept to clear
  }
}
