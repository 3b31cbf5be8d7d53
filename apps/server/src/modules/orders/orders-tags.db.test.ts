import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, ensureDemoAccounts } from '../../demo/demo-accounts';
import { demoEndUserCompanies, ensureDemoCompanies } from '../../demo/demo-companies';
import type { Harness } from '../../test/harness';
import {
  type ArchiveWorld,
  archiveOrder,
  endUser,
  expectCode,
  send,
  startArchiveWorld,
} from './test-helpers';

/** Order tags and the end-user company list (issue 13): a user's own orders, an organisation's own list. */

let h: Harness;
let w: ArchiveWorld;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
});

/** A new user with three orders (levels 10, 20, 22): their ids. */
async function userWithOrders() {
  const user = await h.signedIn();
  const r = await send(h, 'POST', '/orders/archive', user.token, archiveOrder(w, {}, [10, 20, 22]));
  expectCode(r, ResultCode.Success);
  return { ...user, ids: r.body.data.list.map((o: { orderId: number }) => o.orderId) as number[] };
}

const tagsOf = async (token: string) => (await send(h, 'GET', '/orders/tags', token)).body.data;

describe('order tags', () => {
  it('sets, lists, renames and removes tags', async () => {
    const u = await userWithOrders();
    expect(await tagsOf(u.token)).toEqual({ list: [], total: 0, more: false });
    expectCode(
      await send(h, 'PUT', '/orders/tags', u.token, { tag: 'Harvest', orderIds: [u.ids[0], u.ids[1]] }),
      2000,
    );
    expectCode(await send(h, 'PUT', `/api/v1/orders/${u.ids[2]}/tags`, u.token, { tag: ' coast ' }), 2000);
    expect((await tagsOf(u.token)).list).toEqual([
      { tag: 'coast', orderIds: [u.ids[2]] },
      { tag: 'Harvest', orderIds: [u.ids[0], u.ids[1]] },
    ]);
    expectCode(await send(h, 'PUT', `/api/v1/orders/${u.ids[1]}/tags`, u.token, { tag: 'coast' }), 2000);
    expectCode(await send(h, 'DELETE', `/api/v1/orders/${u.ids[0]}/tags`, u.token), 2000);
    expect((await tagsOf(u.token)).list).toEqual([{ tag: 'coast', orderIds: [u.ids[1], u.ids[2]] }]);
  });

  it('takes at most 30 characters and no empty tag', async () => {
    const u = await userWithOrders();
    const path = `/api/v1/orders/${u.ids[0]}/tags`;
    expectCode(await send(h, 'PUT', path, u.token, { tag: 't'.repeat(30) }), 2000);
    const long = await send(h, 'PUT', path, u.token, { tag: 't'.repeat(31) });
    expect(long.status).toBe(400);
    expect(long.body.data.field).toBe('tag');
    expectCode(await send(h, 'PUT', path, u.token, { tag: '' }), ResultCode.ValidationFailed);
    expectCode(
      await send(h, 'PUT', path, u.token, { tag: '   ' }),
      ResultCode.ValidationFailed,
      'order.tagEmpty',
    );
    expectCode(await send(h, 'PUT', path, u.token, { tag: 'a\u0000b' }), ResultCode.ValidationFailed);
    expect((await tagsOf(u.token)).list).toEqual([{ tag: 't'.repeat(30), orderIds: [u.ids[0]] }]);
  });

  it("never shows nor changes another user's orders (404, nothing changes)", async () => {
    const a = await userWithOrders();
    const b = await userWithOrders();
    expectCode(await send(h, 'PUT', '/orders/tags', b.token, { tag: 'mine', orderIds: [b.ids[0]] }), 2000);
    const mixed = await send(h, 'PUT', '/orders/tags', a.token, {
      tag: 'grab',
      orderIds: [a.ids[0], b.ids[1]],
    });
    expect(mixed.status).toBe(404);
    expectCode(mixed, ResultCode.NotFound, 'order.notFound');
    for (const [method, body] of [
      ['PUT', { tag: 'grab' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await send(h, method, `/api/v1/orders/${b.ids[0]}/tags`, a.token, body);
      expectCode(r, ResultCode.NotFound, 'order.notFound');
    }
    expectCode(await send(h, 'DELETE', '/api/v1/orders/2147483647/tags', a.token), ResultCode.NotFound);
    for (const method of ['PUT', 'DELETE'] as const) {
      const r = await send(
        h,
        method,
        '/api/v1/orders/1e999/tags',
        a.token,
        method === 'PUT' ? { tag: 'x' } : undefined,
      );
      expect(r.status).toBe(400);
      expectCode(r, ResultCode.ValidationFailed, 'error.outOfRange');
    }
    expect((await tagsOf(a.token)).list).toEqual([]);
    expect((await tagsOf(b.token)).list).toEqual([{ tag: 'mine', orderIds: [b.ids[0]] }]);
  });
});

describe('GET /orders/companies', () => {
  it("lists the organisation's end-user companies containing the text, by name, never another organisation's", async () => {
    const reseller = await h.signedIn({ orgType: 3, orderTypes: [1] });
    const forEndUser = (info: typeof endUser) =>
      archiveOrder(w, { orderRequestInfo: { type: 1, requestInfo: info } }, [10]);
    for (const company of ['Harbour Survey Ltd', 'Blue Harbour Co', '50%_Maps']) {
      expectCode(
        await send(h, 'POST', '/orders/archive', reseller.token, forEndUser({ ...endUser, company })),
        2000,
      );
    }
    // The same company again (any case) updates its entry instead of adding one.
    const updated = { ...endUser, company: 'HARBOUR SURVEY LTD', contact: 'Ben Moss' };
    expectCode(await send(h, 'POST', '/orders/archive', reseller.token, forEndUser(updated)), 2000);
    const list = async (token: string, text: string) =>
      (await send(h, 'GET', `/orders/companies?company=${encodeURIComponent(text)}`, token)).body.data as {
        company: string;
        contact: string;
      }[];
    const harbour = await list(reseller.token, 'harbour');
    expect(harbour.map((c) => c.company)).toEqual(['Blue Harbour Co', 'Harbour Survey Ltd']);
    expect(harbour[1]!.contact).toBe('Ben Moss');
    expect((await list(reseller.token, '%_')).map((c) => c.company)).toEqual(['50%_Maps']);
    expect((await list(reseller.token, '')).length).toBe(3);

    const otherReseller = await h.signedIn({ orgType: 3, orderTypes: [1] });
    expect(await list(otherReseller.token, '')).toEqual([]);
    expect(await list(otherReseller.token, 'harbour')).toEqual([]);
  });

  it('answers at most 20', async () => {
    const reseller = await h.signedIn({ orgType: 3, orderTypes: [1] });
    const { rows } = await h.pool.query('SELECT org_id FROM users WHERE id = $1', [reseller.userId]);
    for (let i = 0; i < 25; i++) {
      await h.services.companiesRepository.save({
        orgId: rows[0].org_id,
        info: { ...endUser, company: `Co ${i}` },
      });
    }
    const r = await send(h, 'GET', '/orders/companies', reseller.token);
    expect(r.body.data).toHaveLength(20);
  });

  it('the demo reseller has end-user companies to look up, seeded once', async () => {
    await ensureDemoAccounts(h.services.accounts);
    // As on a first start: the databases serve every db project in turn (test/global-db.ts), and
    // the same file run before (with sessions, then with API keys) seeded them already.
    await h.pool.query(
      `DELETE FROM end_user_companies WHERE org_id = (SELECT org_id FROM users WHERE username = 'reseller')`,
    );
    const seeded = await ensureDemoCompanies(h.services.accounts, h.services.companiesRepository);
    expect(seeded).toBe(demoEndUserCompanies.length);
    expect(await ensureDemoCompanies(h.services.accounts, h.services.companiesRepository)).toBe(0);
    const reseller = demoAccounts.find((a) => a.username === 'reseller')!;
    const { token } = await h.login(reseller.username, reseller.password);
    const r = await send(h, 'GET', '/orders/companies', token);
    expect(r.body.data.map((c: { company: string }) => c.company)).toEqual(
      demoEndUserCompanies.map((c) => c.company).sort((a, b) => a.localeCompare(b)),
    );
  });
});
