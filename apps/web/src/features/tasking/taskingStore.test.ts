import type { TaskingPrediction, TaskingPredictionRequest } from '@satportal/contract';
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

describe('a prediction for an AOI that left the map (issue 18)', () => {
  it('goes back to the conditions when it was made for that AOI, and only then', () => {
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    const request = { aois: [{ ...square, name: 'Fields' }] } as unknown as TaskingPredictionRequest;
    store().setPredictionRequest(request);
    store().showPrediction({ total: 1 } as unknown as TaskingPrediction);
    store().clearPredictionOfAoi({
      type: 'Polygon',
      coordinates: [
        [
          [5, 5],
          [6, 5],
          [6, 6],
          [5, 5],
        ],
      ],
    });
    expect(store().step).toBe(1);
    store().clearPredictionOfAoi(square);
    expect(store()).toMatchObject({ step: 0, prediction: null, predictionRequest: null });
  });
});
