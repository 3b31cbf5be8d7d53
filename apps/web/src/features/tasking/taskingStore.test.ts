import { describe, expect, it } from 'vitest';
import { dayIn } from '../../shared/format/days';
import { defaultTaskingConditions } from './taskingForm';
import { useTaskingStore } from './taskingStore';

const store = () => useTaskingStore.getState();

describe('the capture window’s default in the account’s time zone', () => {
  it('follows the account’s zone until the user picks dates, then stays', () => {
    const zone = 'Pacific/Kiritimati';
    store().defaultDatesIn(zone);
    const expected = defaultTaskingConditions(dayIn(new Date(), zone));
    expect(store().conditions).toMatchObject({ fdate: expected.fdate, tdate: expected.tdate });

    store().setConditions({ fdate: '2030-01-02', tdate: '2030-01-20' });
    store().defaultDatesIn('Pacific/Pago_Pago');
    expect(store().conditions).toMatchObject({ fdate: '2030-01-02', tdate: '2030-01-20' });
  });
});
