import { ResultCode } from '@satportal/contract';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import en from '../../i18n/en.json';
import type { TranslationKey } from '../../i18n/keys';
import zh from '../../i18n/zh.json';
import { orderRefusal } from './orderMessages';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en }, zh: { translation: zh } } });
});
const t = (key: string, params?: Record<string, string | number>) =>
  i18n.t(key as TranslationKey, params ?? {});
const has = (key: string) => i18n.exists(key);

const refusal = (code: number, key: string, params: Record<string, string | number>) =>
  new ApiError('business', code, key, 400, { params });

describe('order refusals', () => {
  it('names the group, the area and the minimum of a 4151', () => {
    const shown = orderRefusal(
      refusal(ResultCode.AreaBelowMinimum, 'order.tipMinArea', {
        group: 'SuperView',
        minimum: 25,
        area: 3.5,
      }),
      'en',
      has,
      t,
    );
    expect(shown).toEqual({
      belowMinimum: true,
      text: 'SuperView: the order area 3.50 km² is below the minimum of 25.00 km²',
    });
  });

  it('puts the group between tipOut1 and tipOut2 when out of range, and names the width when too narrow', () => {
    const range = refusal(ResultCode.OutOfGroupRange, 'order.tipOut', { group: 'Jilin', reason: 'range' });
    expect(orderRefusal(range, 'en', has, t).text).toBe(
      'The AOI is out of range for the satellite group Jilin; change the AOI or the scenes',
    );
    const narrow = refusal(ResultCode.OutOfGroupRange, 'order.tipOut', {
      group: 'Jilin',
      reason: 'width',
      minimumWidth: 5,
      width: 1.25,
    });
    expect(orderRefusal(narrow, 'en', has, t)).toEqual({
      belowMinimum: true,
      text: 'Jilin: the AOI width 1.25 km is below the minimum of 5.00 km',
    });
  });

  it('says a 4151 that is no minimum (order.cannotEnlarge) as keyed, without offering to enlarge again', () => {
    const cannot = refusal(ResultCode.AreaBelowMinimum, 'order.cannotEnlarge', { maximumKm: 50 });
    expect(orderRefusal(cannot, 'en', has, t)).toEqual({
      belowMinimum: false,
      text: 'The AOI cannot be enlarged to meet the minimum',
    });
  });

  it("shows any other order key the server sent, with its parameters, and can't enlarge for it", () => {
    const unknown = refusal(ResultCode.ValidationFailed, 'order.unknownScenes', { ids: 'a, b' });
    expect(orderRefusal(unknown, 'en', has, t)).toEqual({
      belowMinimum: false,
      text: 'Unknown scenes: a, b',
    });
  });

  it('says a key in flight (409) and a key used with another body (422) in both languages', async () => {
    const inFlight = new ApiError('business', ResultCode.Conflict, 'order.idempotencyKeyInFlight', 409);
    const reused = new ApiError(
      'business',
      ResultCode.IdempotencyKeyReused,
      'order.idempotencyKeyReused',
      422,
    );
    for (const language of ['en', 'zh'] as const) {
      await i18n.changeLanguage(language);
      const texts = language === 'en' ? en.order : zh.order;
      expect(orderRefusal(inFlight, language, has, t)).toEqual({
        belowMinimum: false,
        text: texts.idempotencyKeyInFlight,
      });
      expect(orderRefusal(reused, language, has, t).text).toBe(texts.idempotencyKeyReused);
    }
    await i18n.changeLanguage('en');
  });
});
