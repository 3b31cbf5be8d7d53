import { apiPath, Paths } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { NoticeRefused } from './notices.service';

/**
 * Notices through the real routes: the newest unread one meant for the caller, read once per
 * user; another organisation's notice is neither listed nor markable (4004, nothing written).
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

/** A signed-in user of the named organisation (made on first use). */
async function memberOf(orgName: string) {
  const username = uniqueName('member');
  const password = 'pw-notices-1';
  const user = await h.services.accounts.createUser({ username, password, orgName, orderTypes: [1, 4] });
  const { token } = await h.login(username, password);
  return { token, userId: user.id };
}

async function unread(token: string, limit?: number) {
  const r = await h.app.inject({
    method: 'GET',
    url: `${apiPath(Paths.unreadNotices)}${limit ? `?limit=${limit}` : ''}`,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: h.remoteAddress,
  });
  return { status: r.statusCode, body: r.json() };
}

async function markRead(token: string, id: number | string) {
  const r = await h.app.inject({
    method: 'PUT',
    url: apiPath(Paths.noticeRead).replace(':id', String(id)),
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: h.remoteAddress,
  });
  return { status: r.statusCode, body: r.json() };
}

const readsOf = async (noticeId: number) =>
  (
    await h.pool.query<{ user_id: number }>(
      'SELECT user_id FROM notice_reads WHERE notice_id = $1 ORDER BY user_id',
      [noticeId],
    )
  ).rows.map((r) => r.user_id);

// Notices to everyone published by other test files would come first: each test reads its own
// notices by marking every older one read for its fresh users first.
async function readEverythingOlder(token: string) {
  for (;;) {
    const { body } = await unread(token, 10);
    if (!body.data.list.length) return;
    for (const n of body.data.list) await markRead(token, n.id);
  }
}

describe('notices', () => {
  it('shows the newest unread notice, once per user: a read one never comes back, others still see it', async () => {
    const orgName = uniqueName('org');
    const a = await memberOf(orgName);
    const b = await memberOf(orgName);
    await readEverythingOlder(a.token);
    await readEverythingOlder(b.token);

    const older = await h.services.notices.publish({ type: 1, title: 'Upgrade', content: 'line 1\nline 2' });
    const newer = await h.services.notices.publish({
      type: 3,
      title: 'New feature',
      content: 'subscriptions',
    });

    let r = await unread(a.token);
    expect(r.status).toBe(200);
    expect(r.body.data.list).toEqual([
      {
        id: newer.id,
        type: 3,
        title: 'New feature',
        content: 'subscriptions',
        publishedAt: newer.publishedAt,
      },
    ]);
    r = await unread(a.token, 10);
    expect(r.body.data.list.map((n: { id: number }) => n.id)).toEqual([newer.id, older.id]);
    expect(r.body.data.list[1].content).toBe('line 1\nline 2');

    expect((await markRead(a.token, newer.id)).body.code).toBe(2000);
    // idempotent: a second OK (another tab) is no error and writes nothing more
    expect((await markRead(a.token, newer.id)).body).toMatchObject({ code: 2000 });
    expect(await readsOf(newer.id)).toEqual([a.userId]);

    expect((await unread(a.token)).body.data.list.map((n: { id: number }) => n.id)).toEqual([older.id]);
    expect((await unread(b.token)).body.data.list.map((n: { id: number }) => n.id)).toEqual([newer.id]);

    await markRead(a.token, older.id);
    expect((await unread(a.token)).body.data.list).toEqual([]);
  });

  it("keeps an organisation's notice to its members: another organisation neither sees nor marks it", async () => {
    const orgA = uniqueName('orgA');
    const a = await memberOf(orgA);
    const b = await memberOf(uniqueName('orgB'));
    await readEverythingOlder(a.token);
    await readEverythingOlder(b.token);

    // the organisation is found whatever the case it is written in
    const toA = await h.services.notices.publish({
      type: 2,
      title: 'Maintenance',
      content: 'tonight',
      organisation: orgA.toUpperCase(),
    });
    expect(toA.organisation).toBe(orgA);

    expect((await unread(a.token)).body.data.list.map((n: { id: number }) => n.id)).toEqual([toA.id]);
    expect((await unread(b.token, 10)).body.data.list).toEqual([]);

    const refused = await markRead(b.token, toA.id);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 4004, message: 'error.notFound' });
    expect(await readsOf(toA.id)).toEqual([]);

    const unknown = await markRead(a.token, 2_000_000_000);
    expect(unknown.body.code).toBe(4004);
    expect((await markRead(a.token, 'abc')).body.code).toBe(4000);
    expect((await unread(a.token, 11)).body.code).toBe(4000);

    // still unread for its own member, who can mark it
    expect((await markRead(a.token, toA.id)).body.code).toBe(2000);
    expect(await readsOf(toA.id)).toEqual([a.userId]);
  });

  it('asks for a session', async () => {
    const r = await h.app.inject({ method: 'GET', url: apiPath(Paths.unreadNotices) });
    expect(r.json().code).toBe(3001);
  });

  it('refuses bad notices and writes none', async () => {
    const before = (await h.pool.query('SELECT count(*)::int AS n FROM notices')).rows[0].n;
    const bad = [
      { type: 4, title: 't', content: '' },
      { type: 1.5, title: 't', content: '' },
      { type: 0, title: '   ', content: '' },
      { type: 0, title: 'x'.repeat(201), content: '' },
      { type: 0, title: 'two\nlines', content: '' },
      { type: 0, title: 'bell\u0007', content: '' },
      { type: 0, title: 't', content: 'y'.repeat(10_001) },
      { type: 0, title: 't', content: 'tab\there' },
      { type: 0, title: 't', content: 'broken \ud800 surrogate' },
      { type: 0, title: 't', content: 'c', organisation: uniqueName('nowhere') },
    ];
    for (const draft of bad) await expect(h.services.notices.publish(draft)).rejects.toThrow(NoticeRefused);
    expect((await h.pool.query('SELECT count(*)::int AS n FROM notices')).rows[0].n).toBe(before);

    // the limits themselves pass: 200 characters of title (astral ones count once), 10,000 of content
    const ok = await h.services.notices.publish({
      type: 0,
      title: '🛰'.repeat(200),
      content: `${'z'.repeat(9_998)}\r\n`,
    });
    expect(ok.content).toBe(`${'z'.repeat(9_998)}\n`);
  });
});
