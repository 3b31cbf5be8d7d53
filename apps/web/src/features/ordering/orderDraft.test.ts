import { describe, expect, it } from 'vitest';
import type { CartStorage } from '../cart/cartPersistence';
import {
  clearOrderDraft,
  type OrderDraft,
  orderDraftKey,
  readOrderDraft,
  writeOrderDraft,
} from './orderDraft';
import { defaultChoices, emptyRequester } from './orderForm';

const memory = (): CartStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

const draft: OrderDraft = {
  choices: { ...defaultChoices, levels: [10, 22], priority: 2, clipping: true },
  requester: { ...emptyRequester, requestType: 1, companyId: 7, company: 'Acme 测绘', email: 'a@b.example' },
};

describe('order drafts', () => {
  it('read back what was written, per user, and are gone once cleared', () => {
    const storage = memory();
    writeOrderDraft(storage, 1, draft);
    expect(readOrderDraft(storage, 1)).toEqual(draft);
    expect(readOrderDraft(storage, 2)).toBeNull();
    clearOrderDraft(storage, 1);
    expect(readOrderDraft(storage, 1)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('drop a draft that is not one the dialog could have written', () => {
    const storage = memory();
    const stored = (value: unknown) => {
      storage.setItem(orderDraftKey(1), typeof value === 'string' ? value : JSON.stringify(value));
      return readOrderDraft(storage, 1);
    };
    expect(stored('{not json')).toBeNull();
    expect(stored([draft])).toBeNull();
    expect(stored({ ...draft, choices: { ...draft.choices, levels: [10, 99] } })).toBeNull();
    expect(stored({ ...draft, choices: { ...draft.choices, processMode: 'TIFF' } })).toBeNull();
    expect(stored({ ...draft, choices: { ...draft.choices, priority: 4 } })).toBeNull();
    expect(stored({ ...draft, choices: { ...draft.choices, clipping: 'yes' } })).toBeNull();
    expect(stored({ ...draft, requester: { ...draft.requester, requestType: 3 } })).toBeNull();
    expect(stored({ ...draft, requester: { ...draft.requester, companyId: -1 } })).toBeNull();
    expect(stored({ ...draft, requester: { ...draft.requester, email: 'x'.repeat(501) } })).toBeNull();
    expect(stored({ ...draft, requester: { ...draft.requester, contact: 5 } })).toBeNull();
    // a level twice is one choice
    expect(stored({ ...draft, choices: { ...draft.choices, levels: [10, 10] } })?.choices.levels).toEqual([
      10,
    ]);
  });

  it('let a blocked storage pass: the dialog works on without them', () => {
    const blocked: CartStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => writeOrderDraft(blocked, 1, draft)).not.toThrow();
    expect(readOrderDraft(blocked, 1)).toBeNull();
    expect(() => clearOrderDraft(blocked, 1)).not.toThrow();
  });
});
