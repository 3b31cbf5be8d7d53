import { describe, expect, it } from 'vitest';
import { PanelId } from '../panelStore';
import { formatPlace, historyStepOf, idParam, noPlace, type Place, parsePlace, placeLink } from './place';

const taskId = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const place = (change: Partial<Place>): Place => ({ ...noPlace, ...change });

describe('parsePlace and formatPlace', () => {
  it('read back what they write, parameters in one order', () => {
    const places: Place[] = [
      noPlace,
      place({ panel: PanelId.AoiCentre }),
      place({
        panel: PanelId.OrderCentre,
        inPanel: { order: '42', tab: 'processing', tag: 'a b&c', q: 'SP2026' },
      }),
      place({ panel: PanelId.SubscriptionCentre, inPanel: { subscription: '7' } }),
      place({ panel: PanelId.SearchCentre, search: taskId, scene: 'GF2_PMS1_E116.5_N39.9_20260102_L1A' }),
      place({ search: taskId }),
      place({ panel: PanelId.SearchCentre, search: taskId, dialog: 'order' }),
      place({ dialog: 'order' }),
    ];
    for (const p of places) expect(parsePlace(formatPlace(p))).toEqual(p);
    expect(formatPlace(noPlace)).toBe('');
    expect(
      formatPlace(
        place({ panel: PanelId.OrderCentre, inPanel: { q: 'x', order: '5' }, search: taskId, scene: 's' }),
      ),
    ).toBe(`?panel=orders&order=5&q=x&search=${taskId}&scene=s`);
    expect(formatPlace(place({ search: taskId, dialog: 'order' }))).toBe(`?search=${taskId}&dialog=order`);
  });

  it('name every panel by a word of its own', () => {
    const names = Object.values(PanelId).map((id) => formatPlace(place({ panel: id })));
    expect(names).toEqual([
      '?panel=aois',
      '?panel=search',
      '?panel=pois',
      '?panel=data',
      '?panel=orders',
      '?panel=account',
      '?panel=subscriptions',
    ]);
  });

  it('leave out what a place cannot hold rather than refusing the link', () => {
    expect(parsePlace('?panel=nowhere&search=nope&scene=x')).toEqual(noPlace);
    expect(parsePlace('?panel=__proto__')).toEqual(noPlace);
    // a panel's parameters only with that panel; a scene only with its search
    expect(parsePlace('?panel=aois&order=5&subscription=3')).toEqual(place({ panel: PanelId.AoiCentre }));
    expect(parsePlace('?order=5&scene=x')).toEqual(noPlace);
    // only the dialogs that are places
    for (const dialog of ['tasking', 'ORDER', '', 'toString'])
      expect(parsePlace(`?dialog=${dialog}`)).toEqual(noPlace);
    // empty, overlong and control characters
    expect(parsePlace(`?panel=orders&order=&q=${'x'.repeat(101)}&tag=a%0Ab`)).toEqual(
      place({ panel: PanelId.OrderCentre }),
    );
    expect(parsePlace(`?search=${taskId}&scene=${'s'.repeat(201)}`)).toEqual(place({ search: taskId }));
    // a taskId in capitals is the same search
    expect(parsePlace(`?search=${taskId.toUpperCase()}`).search).toBe(taskId);
  });
});

describe('historyStepOf', () => {
  const orders = place({ panel: PanelId.OrderCentre });
  it('adds a step for another panel, detail or search', () => {
    expect(historyStepOf(noPlace, orders)).toBe('push');
    expect(historyStepOf(orders, noPlace)).toBe('push');
    expect(historyStepOf(orders, { ...orders, inPanel: { order: '5' } })).toBe('push');
    expect(historyStepOf({ ...orders, inPanel: { order: '5' } }, orders)).toBe('push');
    expect(historyStepOf(orders, { ...orders, search: taskId })).toBe('push');
    expect(historyStepOf({ ...orders, search: taskId }, orders)).toBe('push');
    // Back closes the order dialog
    expect(historyStepOf(orders, { ...orders, dialog: 'order' })).toBe('push');
    expect(historyStepOf({ ...orders, dialog: 'order' }, orders)).toBe('push');
  });

  it('changes the step it is on for a filter or the selected scene', () => {
    expect(historyStepOf(orders, { ...orders, inPanel: { tab: 'failed' } })).toBe('replace');
    expect(
      historyStepOf({ ...orders, inPanel: { order: '5', q: 'a' } }, { ...orders, inPanel: { order: '5' } }),
    ).toBe('replace');
    const results = place({ search: taskId });
    expect(historyStepOf(results, { ...results, scene: 'a' })).toBe('replace');
    expect(historyStepOf({ ...results, scene: 'a' }, { ...results, scene: 'b' })).toBe('replace');
  });

  it('is null when nothing the address bar shows changes', () => {
    expect(historyStepOf(noPlace, noPlace)).toBeNull();
    // a scene without its search is not shown
    expect(historyStepOf(noPlace, place({ scene: 'a' }))).toBeNull();
    // nor another panel's parameters
    expect(
      historyStepOf(
        place({ panel: PanelId.MyData }),
        place({ panel: PanelId.MyData, inPanel: { order: '1' } }),
      ),
    ).toBeNull();
  });
});

describe('idParam', () => {
  it('takes a row id in its one spelling only', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam('2147483647')).toBe(2147483647);
    for (const text of ['0', '-1', '042', '+4', '4.0', '1e3', ' 4', '2147483648', 'abc', '', null, undefined])
      expect(idParam(text)).toBeNull();
  });
});

describe('placeLink', () => {
  it('is the site with the place', () => {
    expect(
      placeLink('https://portal.example', place({ panel: PanelId.OrderCentre, inPanel: { order: '9' } })),
    ).toBe('https://portal.example/?panel=orders&order=9');
    expect(placeLink('https://portal.example', noPlace)).toBe('https://portal.example/');
  });
});
