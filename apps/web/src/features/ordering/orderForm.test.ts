import type { TaskingPredictionRequest, User } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import {
  archiveOrderRequest,
  canConfirm,
  clippingOffered,
  defaultChoices,
  emptyRequester,
  levelsOffered,
  missingRequesterField,
  orderRequestInfo,
  type Requester,
  sensorTypeOf,
  shortfalls,
  taskingOrderRequest,
  toggleLevel,
  withProcessMode,
} from './orderForm';

const filled: Requester = {
  requestType: 1,
  companyId: 7,
  company: ' Acme Farms ',
  email: 'ops@acme.example',
  address: '1 Field Road',
  application: 'agriculture',
  contact: 'Ann Lee',
};

const userOf = (type: number): User => ({
  id: 1,
  username: 'u',
  email: 'me@provider.example',
  phone: '',
  isTest: false,
  timezone: null,
  language: null,
  org: {
    id: 2,
    name: 'Own Co',
    type,
    address: 'Own Street 2',
    orgContactPerson: { contactPerson: 'Bo' },
    auth: { orderType: [1, 4] },
  },
});

describe('levels offered', () => {
  it('follows the sensor type (spec 001 §9, radar L1 as DESIGN §9)', () => {
    expect(levelsOffered(1, 'GEOTIFF')).toEqual([10, 11, 20, 21, 22]);
    expect(levelsOffered(3, 'GEOTIFF')).toEqual([10, 20, 22]);
    for (const type of [2, 4, 5] as const) expect(levelsOffered(type, 'GEOTIFF')).toEqual([10]);
  });

  it('offers only L3D in the streaming mode', () => {
    expect(levelsOffered(1, 'STREAMING_GEOTIFF')).toEqual([22]);
    expect(levelsOffered(3, 'STREAMING_GEOTIFF')).toEqual([22]);
    expect(levelsOffered(2, 'STREAMING_GEOTIFF')).toEqual([]);
  });

  it('drops the chosen levels streaming does not allow, and keeps L3D', () => {
    const chosen = { ...defaultChoices, levels: [10, 20, 22] as const };
    expect(withProcessMode({ ...chosen, levels: [...chosen.levels] }, 'STREAMING_GEOTIFF', 1).levels).toEqual(
      [22],
    );
    expect(withProcessMode({ ...defaultChoices, levels: [10, 11] }, 'STREAMING_GEOTIFF', 1).levels).toEqual(
      [],
    );
  });

  it('toggles a level in and out, in code order', () => {
    const once = toggleLevel(toggleLevel(defaultChoices, 22), 10);
    expect(once.levels).toEqual([10, 22]);
    expect(toggleLevel(once, 22).levels).toEqual([10]);
  });
});

describe('clipping and sensor type', () => {
  it('is not offered for night, radar and video', () => {
    expect([1, 2, 3, 4, 5].map((t) => clippingOffered(t as 1 | 2 | 3 | 4 | 5))).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
  });

  it('reads one sensor type from the cart, none when mixed or empty', () => {
    expect(sensorTypeOf([{ type: 3 }, { type: 3 }])).toBe(3);
    expect(sensorTypeOf([{ type: 1 }, { type: 4 }])).toBeNull();
    expect(sensorTypeOf([])).toBeNull();
  });
});

describe('requester completeness (DESIGN §9)', () => {
  it('type 3 for an end user needs every field', () => {
    expect(missingRequesterField(3, emptyRequester)).toBe('requestType');
    expect(missingRequesterField(3, { ...emptyRequester, requestType: 1 })).toBe('company');
    expect(missingRequesterField(3, { ...filled, contact: '  ' })).toBe('contact');
    expect(missingRequesterField(3, { ...filled, application: '' })).toBe('application');
    expect(missingRequesterField(3, filled)).toBeNull();
  });

  it('an e-mail that cannot be an address is said before Confirm (the server refuses it too)', () => {
    for (const email of ['buyer', 'buyer@', 'buyer@example', 'a b@example.com'])
      expect(missingRequesterField(3, { ...filled, email })).toBe('invalidEmail');
    expect(missingRequesterField(3, { ...filled, email: ' buyer@example.com ' })).toBeNull();
  });

  it('type 3 for internal use needs nothing more', () => {
    expect(missingRequesterField(3, { ...emptyRequester, requestType: 2 })).toBeNull();
  });

  it('type 4 is complete with its own company', () => {
    expect(missingRequesterField(4, emptyRequester)).toBeNull();
  });

  it('other types fill the type and the five fields, internal use included', () => {
    expect(missingRequesterField(1, emptyRequester)).toBe('requestType');
    expect(missingRequesterField(5, { ...emptyRequester, requestType: 2 })).toBe('company');
    expect(missingRequesterField(undefined, { ...filled, email: '' })).toBe('email');
    expect(missingRequesterField(2, { ...filled, requestType: 2 })).toBeNull();
  });
});

describe('confirm', () => {
  const ready = {
    contractAgreed: true,
    licenceAgreed: true,
    choices: { ...defaultChoices, levels: [10 as const] },
    requesterMissing: null,
  };

  it('is enabled with both agreements, a level and the requester complete', () => {
    expect(canConfirm(ready)).toBe(true);
  });

  it('is disabled when any of them is missing', () => {
    expect(canConfirm({ ...ready, contractAgreed: false })).toBe(false);
    expect(canConfirm({ ...ready, licenceAgreed: false })).toBe(false);
    expect(canConfirm({ ...ready, choices: defaultChoices })).toBe(false);
    expect(canConfirm({ ...ready, requesterMissing: 'company' })).toBe(false);
  });
});

describe('order requests', () => {
  const aoi = {
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
  const enlarged = {
    ...aoi,
    coordinates: [
      [
        [-1, -1],
        [2, -1],
        [2, 2],
        [-1, -1],
      ],
    ],
  };
  const choices = { ...defaultChoices, levels: [10, 22] as (10 | 22)[], clipping: true, manualRecheck: true };

  it('builds the archive request from the cart and the choices', () => {
    const request = archiveOrderRequest(
      {
        sceneIds: ['a', 'b'],
        search: { taskId: '5a0e8c47-5f55-4d8b-9b0a-1d2f3e4a5b6c', aois: [aoi] },
        enlargedAoi: enlarged,
      },
      choices,
      1,
      orderRequestInfo(userOf(3), filled),
    );
    expect(request).toEqual({
      taskId: '5a0e8c47-5f55-4d8b-9b0a-1d2f3e4a5b6c',
      isOrderBySceneId: false,
      ipr: {
        priority: 1,
        process: {
          level: [10, 22],
          clipping: true,
          processMode: 'GEOTIFF',
          isQualityTesting: false,
          isManualRecheck: true,
        },
        ips: [{ sceneId: 'a' }, { sceneId: 'b' }],
        aois: [enlarged],
      },
      orderRequestInfo: {
        type: 1,
        requestInfo: {
          id: 7,
          company: 'Acme Farms',
          contact: 'Ann Lee',
          application: 'agriculture',
          email: 'ops@acme.example',
          address: '1 Field Road',
        },
      },
    });
  });

  it("clips to the search's own AOIs (by its taskId) until enlarged", () => {
    const request = archiveOrderRequest(
      { sceneIds: ['a'], search: { taskId: 't', aois: [aoi] }, enlargedAoi: null },
      choices,
      1,
      { type: 2 },
    );
    expect(request.taskId).toBe('t');
    expect(request.isOrderBySceneId).toBe(false);
    expect(request.ipr.aois).toBeUndefined();
    expect(request.ipr.process.clipping).toBe(true);
  });

  it('orders whole scenes after a scene-id search, and never clips where clipping is not offered', () => {
    const bySceneId = archiveOrderRequest(
      { sceneIds: ['a'], search: { taskId: 't', aois: null }, enlargedAoi: null },
      choices,
      1,
      { type: 2 },
    );
    expect(bySceneId.isOrderBySceneId).toBe(true);
    expect(bySceneId.ipr.aois).toBeUndefined();
    expect(bySceneId.ipr.process.clipping).toBe(false);
    const radar = archiveOrderRequest(
      { sceneIds: ['a'], search: { taskId: 't', aois: [aoi] }, enlargedAoi: null },
      choices,
      4,
      { type: 2 },
    );
    expect(radar.ipr.process.clipping).toBe(false);
  });

  it('sends type 4 as its own company and type 3 internal use without details', () => {
    expect(orderRequestInfo(userOf(4), emptyRequester)).toEqual({
      type: 2,
      requestInfo: {
        id: null,
        company: 'Own Co',
        contact: 'Bo',
        application: '',
        email: 'me@provider.example',
        address: 'Own Street 2',
      },
    });
    expect(orderRequestInfo(userOf(3), { ...filled, requestType: 2 })).toEqual({ type: 2 });
  });

  it('builds the tasking request with the priority and the satellites', () => {
    const prediction: TaskingPredictionRequest = {
      aois: [aoi],
      condition: { fdate: '2030-01-02', tdate: '2030-01-20', cc: 15, ac: 100, ona: 25, sza: 0 },
      satIds: [3, 4],
      sensor: { type: 1 },
    } as TaskingPredictionRequest;
    const request = taskingOrderRequest(
      '5a0e8c47-5f55-4d8b-9b0a-1d2f3e4a5b6c',
      prediction,
      ['SV-1'],
      { ...choices, priority: 3 },
      1,
      { type: 2 },
    );
    expect(request.ppr).toEqual({
      priority: 3,
      process: {
        level: [10, 22],
        clipping: true,
        processMode: 'GEOTIFF',
        isQualityTesting: false,
        isManualRecheck: true,
      },
      aps: ['SV-1'],
    });
    expect(request.tsr).toEqual({
      aois: [aoi],
      condition: prediction.condition,
      satIds: [3, 4],
      sensor: { type: 1 },
    });
  });
});

describe('shortfalls', () => {
  it('marks the groups below their minimum area or width', () => {
    const group = { orderMinArea: 25, orderMinAoiWidth: 5 };
    expect(
      shortfalls([
        { satGroupName: 'A', orderArea: 10, aoiWidth: 6, ...group },
        { satGroupName: 'B', orderArea: 30, aoiWidth: 2, ...group },
        { satGroupName: 'C', orderArea: 30, aoiWidth: null, ...group },
      ]),
    ).toEqual([
      { group: 'A', belowArea: true, belowWidth: false },
      { group: 'B', belowArea: false, belowWidth: true },
    ]);
  });
});
