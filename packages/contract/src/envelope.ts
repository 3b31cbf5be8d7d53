import { type Static, type TSchema, Type } from 'typebox';

/**
 * Every JSON response is `{ code, message, data }` (DESIGN §4). `message` is a
 * translation key the client shows (with `data.params` where it has any).
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    message: Type.String(),
    data,
  });

/**
 * A list answer (DESIGN §4: lists page with start/length and answer `{ list, total, more }`):
 * one shape for every list of the API (histories now; orders, subscriptions, my data to come).
 */
export const ListOf = <T extends TSchema>(item: T, description: string) =>
  Type.Object({
    list: Type.Array(item, { description }),
    total: Type.Integer({ description: 'items in all' }),
    more: Type.Boolean({ description: 'further pages exist' }),
  });

/** What an error carries in `data`: the field at fault and message parameters. */
export const ErrorData = Type.Union([
  Type.Object({
    field: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    requestId: Type.Optional(Type.String()),
  }),
  Type.Null(),
]);

export type ErrorData = Static<typeof ErrorData>;

export const ErrorEnvelope = Envelope(ErrorData);

export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}
