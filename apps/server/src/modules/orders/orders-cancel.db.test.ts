import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Harness } from '../../test/harness';
import {
  type ArchiveWorld,
  expectCode,
  orderState,
  placeOrders,
  send,
  setOrderStatus,
  startArchiveWorld,
} from './test-helpers';

/** The order centre's cancel (issue 14), and a user's own orders only: list, detail and cancel. */

let h: Harness;
let w: ArchiveWorld;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
});

type User = Awaited<ReturnType<Harness['signedIn']>>;
const place = (user: User, levels: number[]) => placeOrders(h, w, user, levels);
const setStatus = (orderId: number, status: number) => setOrderStatus(h, orderId, status);
const stateOf = (orderId: number) => orderState(h, orderId);
const list = (user: User, query = '') => send(h, 'GET', `/api/v1/orders${query}`, user.token);

describe('POST /orders/cancel', () => {
  it('cancels an order in 11, 21, 31 or 34 (2000): status 41, every term 99; its sibling stays', async () => {
    const user = await h.signedIn();
    for (const status of [11, 21, 31, 34]) {
      const [id, sibling] = await place(user, [10, 20]);
      await setStatus(id!, status);
      const r = await send(h, 'POST', '/orders/cancel', user.token, { id });
      expectCode(r, ResultCode.Success);
      expect(r.body.data).toEqual({ status: 41, cancelled: 2, kept: 0 });
      expect(await stateOf(id!)).toEqual({ status: 41, states: [99, 99] });
      expect(await stateOf(sibling!)).toEqual({ status: 11, states: [-2, -2] });
    }
  });

  it('keeps the terms already complete (2001, a warning): they stay 5, the rest 99', async () => {
    const user = await h.signedIn();
    const [id] = await place(user, [10]);
    await setStatus(id!, 34);
    await h.pool.query('UPDATE order_terms SET state = 5 WHERE order_id = $1 AND position = 1', [id]);
    const r = await send(h, 'POST', '/orders/cancel', user.token, { id });
    expect(r.status).toBe(200);
    expectCode(r, ResultCode.PartialSuccess, 'order.partiallyCancelled');
    expect(r.body.data).toEqual({ status: 41, cancelled: 1, kept: 1 });
    expect(await stateOf(id!)).toEqual({ status: 41, states: [5, 99] });
  });

  it('cancels once when two cancels race: the second sees 41 (the order row is locked)', async () => {
    const user = await h.signedIn();
    const [id] = await place(user, [10]);
    const answers = await Promise.all([
      send(h, 'POST', '/orders/cancel', user.token, { id }),
      send(h, 'POST', '/orders/cancel', user.token, { id }),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([ResultCode.Success, ResultCode.ValidationFailed]);
    const refused = answers.find((a) => a.body.code === ResultCode.ValidationFailed)!;
    expect(refused.body).toMatchObject({ message: 'order.notCancellable', data: { params: { status: 41 } } });
    expect(await stateOf(id!)).toEqual({ status: 41, states: [99, 99] });
  });

  it.runIf(inject('databaseKind') === 'postgres')(
    'two cancels that meet at a held order row still cancel once (PostgreSQL: real concurrent sessions)',
    async () => {
      const user = await h.signedIn();
      const [id] = await place(user, [10]);
      // Hold the order row as a fulfilment step would, so both cancels surely meet there.
      const holder = await h.pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [id]);
        const racing = Promise.all([
          send(h, 'POST', '/orders/cancel', user.token, { id }),
          send(h, 'POST', '/orders/cancel', user.token, { id }),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await holder.query('COMMIT');
        const answers = await racing;
        expect(answers.map((a) => a.body.code).sort()).toEqual([
          ResultCode.Success,
          ResultCode.ValidationFailed,
        ]);
      } finally {
        holder.release();
      }
      expect(await stateOf(id!)).toEqual({ status: 41, states: [99, 99] });
    },
  );

  it('refuses other statuses (4000 order.notCancellable) and changes nothing', async () => {
    const user = await h.signedIn();
    const [id] = await place(user, [10]);
    for (const status of [12, 22, 32, 33, 41, 42]) {
      await setStatus(id!, status);
      const r = await send(h, 'POST', '/orders/cancel', user.token, { id });
      expect(r.status).toBe(400);
      expectCode(r, ResultCode.ValidationFailed, 'order.notCancellable');
      expect(r.body.data.params).toEqual({ status });
      expect(await stateOf(id!)).toEqual({ status, states: [-2, -2] });
    }
    await setStatus(id!, 11);
    expectCode(await send(h, 'POST', '/orders/cancel', user.token, { id }), ResultCode.Success);
    const again = await send(h, 'POST', '/orders/cancel', user.token, { id });
    expectCode(again, ResultCode.ValidationFailed, 'order.notCancellable');
    expect(again.body.data.params).toEqual({ status: 41 });
  });
});

describe('another user', () => {
  it('neither lists, reads nor cancels an order (404 order.notFound) and nothing changes', async () => {
    const owner = await h.signedIn();
    const other = await h.signedIn();
    const [id] = await place(owner, [10]);
    expectCode(await send(h, 'PUT', '/orders/tags', owner.token, { tag: 'mine', orderIds: [id] }), 2000);
    expect((await list(other)).body.data).toEqual({ list: [], total: 0, more: false });
    expect((await list(other, '?tag=mine')).body.data.total).toBe(0);
    const { rows } = await h.pool.query('SELECT order_number FROM orders WHERE id = $1', [id]);
    expect((await list(other, `?number=${rows[0].order_number}`)).body.data.total).toBe(0);
    for (const path of ['/orders/detail', '/orders/cancel']) {
      for (const target of [id, 2_147_483_647]) {
        const r = await send(h, 'POST', path, other.token, { id: target });
        expect(r.status, path).toBe(404);
        expectCode(r, ResultCode.NotFound, 'order.notFound');
      }
    }
    expect(await stateOf(id!)).toEqual({ status: 11, states: [-2, -2] });
    expectCode(await send(h, 'POST', '/orders/detail', owner.token, { id }), ResultCode.Success);
  });

  it('refuses a bad id (400)', async () => {
    const user = await h.signedIn();
    for (const path of ['/orders/detail', '/orders/cancel']) {
      for (const body of [{ id: 0 }, { id: 'x' }, {}, { id: 2_147_483_648 }]) {
        const r = await send(h, 'POST', path, user.token, body);
        expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      }
    }
  });
});
