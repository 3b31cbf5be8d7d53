import { apiPath, Paths } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';

// PUT me/timezone: the account's zone is an IANA name the server knows, or null; the answer is
// the user as GET me gives it, and only the caller's own account changes.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const put = (token: string, timezone: unknown) =>
  h.call('PUT', Paths.meTimeZone, { token, body: { timezone } });

describe('PUT me/timezone', () => {
  it('saves a known zone and answers the user as GET me does; null clears it', async () => {
    const me = await h.signedIn();
    for (const zone of ['Asia/Shanghai', 'America/Argentina/Buenos_Aires', 'UTC', 'Asia/Kolkata']) {
      const r = await put(me.token, zone);
      expect(r.body.code, zone).toBe(2000);
      const fromMe = await h.call('GET', Paths.me, { token: me.token });
      expect(r.body.data).toEqual(fromMe.body.data);
      expect(fromMe.body.data.timezone).toBe(zone);
    }
    const cleared = await put(me.token, null);
    expect(cleared.body.data.timezone).toBeNull();
    expect((await h.call('GET', Paths.me, { token: me.token })).body.data.timezone).toBeNull();
  });

  it('refuses a zone the server does not know with 4000 naming timezone, and keeps the saved one', async () => {
    const me = await h.signedIn();
    await put(me.token, 'Europe/Lisbon');
    for (const zone of [
      'Mars/Olympus_Mons',
      '+08:00',
      '+0800',
      'GMT',
      'EST',
      'asia/shanghai',
      'x'.repeat(65),
      'Asia/Shanghai\n',
      42,
    ]) {
      const r = await put(me.token, zone);
      expect(r.status, `${JSON.stringify(zone)} ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.code).toBe(4000);
      expect(r.body.data.field).toBe('timezone');
    }
    expect((await h.call('GET', Paths.me, { token: me.token })).body.data.timezone).toBe('Europe/Lisbon');
  });

  it("changes only the caller's account, and needs a session", async () => {
    const me = await h.signedIn();
    const other = await h.signedIn();
    await put(me.token, 'Africa/Nairobi');
    expect((await h.call('GET', Paths.me, { token: other.token })).body.data.timezone).toBeNull();
    const r = await h.app.inject({
      method: 'PUT',
      url: apiPath(Paths.meTimeZone),
      payload: { timezone: 'UTC' },
    });
    expect(r.statusCode).toBe(401);
  });
});
