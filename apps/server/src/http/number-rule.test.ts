import {
  AoiAddRequest,
  ArchiveSearchRequest,
  MyDataListRequest,
  OrderListQuery,
  SubscriptionCreateRequest,
} from '@satportal/contract';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { numberRuleRefusal } from './number-rule';

const nonCanonicalIntegers = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e999',
  '-1e999',
  '-0',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '01',
  '1e3',
  '1.5',
  '1.0',
  '',
];

describe('the number rule (issue 26)', () => {
  it('refuses every other spelling of an integer in a query, naming the field', () => {
    const infinite = ['Infinity', '-Infinity', '1e999', '-1e999'];
    for (const text of nonCanonicalIntegers) {
      expect(numberRuleRefusal(OrderListQuery, { start: text }), JSON.stringify(text)).toEqual(
        infinite.includes(text)
          ? // beyond every range rather than misspelt: the field's bound is the limit
            {
              field: 'start',
              messageKey: 'error.outOfRange',
              params: { rule: 'integer', field: 'start', limit: text.startsWith('-') ? 0 : 2_147_483_647 },
            }
          : { field: 'start', messageKey: 'error.validation', params: { rule: 'integer', field: 'start' } },
      );
    }
    for (const text of ['0', '10', '2147483648', '-5'])
      expect(numberRuleRefusal(OrderListQuery, { start: text, length: '10' }), text).toBeUndefined();
  });

  it('refuses text, booleans, null and one-element lists that a coercing validator reads as numbers', () => {
    expect(
      numberRuleRefusal(AoiAddRequest, { hasGeo: false, name: 'a', parentId: 'Infinity' }),
    ).toMatchObject({
      field: 'parentId',
    });
    expect(numberRuleRefusal(AoiAddRequest, { hasGeo: false, name: 'a', parentId: true })).toMatchObject({
      field: 'parentId',
    });
    expect(numberRuleRefusal(MyDataListRequest, { start: null })).toMatchObject({ field: 'start' });
    expect(numberRuleRefusal(MyDataListRequest, { length: [5] })).toMatchObject({ field: 'length' });
    // A JSON number is the validator's to judge (strictNumbers refuses the Infinity JSON reads 1e999 as).
    expect(
      numberRuleRefusal(MyDataListRequest, { start: 5, length: Number.POSITIVE_INFINITY }),
    ).toBeUndefined();
    expect(numberRuleRefusal(AoiAddRequest, { hasGeo: false, name: '12', parentId: 3 })).toBeUndefined();
  });

  it('walks lists, unions and nested objects: the first bad place, by its path', () => {
    expect(
      numberRuleRefusal(SubscriptionCreateRequest, { aoiName: 'a', aoiId: null, satIds: [1, 'Infinity'] }),
    ).toMatchObject({ field: 'satIds.1' });
    expect(numberRuleRefusal(SubscriptionCreateRequest, { aoiName: 'a', aoiId: 'Infinity' })).toMatchObject({
      field: 'aoiId',
    });
    // null is a branch of aoiId's union: no refusal
    expect(numberRuleRefusal(SubscriptionCreateRequest, { aoiName: 'a', aoiId: null })).toBeUndefined();
    expect(
      numberRuleRefusal(ArchiveSearchRequest, { page: { start: '1e999', length: 10 }, satIds: [1] }),
    ).toMatchObject({ field: 'page.start' });
    expect(
      numberRuleRefusal(ArchiveSearchRequest, {
        aois: [
          {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, '0x1'],
              ],
            ],
          },
        ],
      }),
    ).toMatchObject({ field: 'aois.0.coordinates.0.1.1', params: { rule: 'number' } });
  });

  it('reads a number in JSON grammar; a non-finite one is out of range when the field has a bound', () => {
    const condition = Type.Object({ cc: Type.Number({ minimum: 0, maximum: 100 }), lng: Type.Number() });
    expect(numberRuleRefusal(condition, { cc: '1e1', lng: '-0.5' })).toBeUndefined();
    expect(numberRuleRefusal(condition, { cc: '1e999' })).toEqual({
      field: 'cc',
      messageKey: 'error.outOfRange',
      params: { rule: 'number', field: 'cc', limit: 100 },
    });
    expect(numberRuleRefusal(condition, { cc: '-1e999' })).toMatchObject({ params: { limit: 0 } });
    expect(numberRuleRefusal(condition, { lng: '1e999' })).toMatchObject({ messageKey: 'error.validation' });
    for (const text of ['.5', '+1', ' 1', 'Infinity', 'NaN', '0x10', '1.'])
      expect(numberRuleRefusal(condition, { lng: text }), text).toMatchObject({ field: 'lng' });
  });

  it('leaves text alone where the schema takes text (a union with a string, any value)', () => {
    const either = Type.Object({ v: Type.Union([Type.Integer(), Type.String()]), any: Type.Unknown() });
    expect(numberRuleRefusal(either, { v: ' 1', any: 'Infinity' })).toBeUndefined();
    expect(numberRuleRefusal(Type.Object({ n: Type.Integer() }), { extra: 'Infinity' })).toBeUndefined();
  });

  it('wraps a lone text given for a list as the validator does ("satIds=Infinity")', () => {
    expect(
      numberRuleRefusal(Type.Object({ ids: Type.Array(Type.Integer()) }), { ids: 'Infinity' }),
    ).toMatchObject({ field: 'ids.0' });
    expect(
      numberRuleRefusal(Type.Object({ ids: Type.Array(Type.Integer()) }), { ids: '12' }),
    ).toBeUndefined();
  });
});
