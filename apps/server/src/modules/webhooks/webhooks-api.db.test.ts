import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebhookLimits } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config';
import { type Harness, startHarness } from '../../test/harness';
import { send } from '../orders/test-helpers';

/**
 * Registering webhook endpoints (issue 27 item 2) with the product's own target rules: https only,
 * no private, loopback, link-local, CGNAT, multicast or ULA address — as an IP literal or as a name
 * that resolves to one — each refusal a translation key of both languages; at most 10 endpoints;
 * the secret answered once and stored sealed; another user's endpoints are not found.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const messages = (language: 'en' | 'zh') =>
  JSON.parse(readFileSync(join(repoRoot, `apps/web/src/i18n/${language}.json`), 'utf8'));
const translated = (language: 'en' | 'zh', key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      messages(language),
    );

const endpoint = (url: string, more: Record<string, unknown> = {}) => ({
  url,
  description: 'ERP',
  eventTypes: ['order.status_changed', 'delivery.completed'],
  ...more,
});

describe('webhook registration', () => {
  it.each([
    ['not a url', 'webhook.urlInvalid'],
    ['ftp://hooks.example.com/x', 'webhook.urlInvalid'],
    ['http://hooks.example.com/x', 'webhook.urlNotHttps'],
    ['https://me:secret@hooks.example.com/x', 'webhook.urlCredentials'],
    ['https://127.0.0.1/hook', 'webhook.urlPrivate'],
    ['https://10.0.0.8/hook', 'webhook.urlPrivate'],
    ['https://172.20.1.1/hook', 'webhook.urlPrivate'],
    ['https://192.168.0.10/hook', 'webhook.urlPrivate'],
    ['https://169.254.169.254/latest/meta-data/', 'webhook.urlPrivate'],
    ['https://100.64.0.1/hook', 'webhook.urlPrivate'],
    ['https://[::1]/hook', 'webhook.urlPrivate'],
    ['https://[fd12:3456::1]/hook', 'webhook.urlPrivate'],
    ['https://[::ffff:169.254.169.254]/hook', 'webhook.urlPrivate'],
    ['https://224.0.0.1/hook', 'webhook.urlPrivate'],
    // a name: resolved at registration, every address checked
    ['https://localhost/hook', 'webhook.urlPrivate'],
    ['https://localhost:8443/hook', 'webhook.urlPrivate'],
  ])('refuses %s with %s, translated in English and Chinese', async (url, key) => {
    const u = await h.signedIn();
    const r = await send(h, 'POST', '/webhooks', u.token, endpoint(url));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 4000, message: key, data: { field: 'url' } });
    expect(typeof translated('en', key)).toBe('string');
    expect(typeof translated('zh', key)).toBe('string');
    expect((await send(h, 'GET', '/webhooks', u.token)).body.data.list).toEqual([]);
  });

  it('refuses an empty or unknown event type list by the schema', async () => {
    const u = await h.signedIn();
    for (const eventTypes of [[], ['order.deleted'], ['webhook.test']]) {
      const r = await send(
        h,
        'POST',
        '/webhooks',
        u.token,
        endpoint('https://hooks.example.com/x', { eventTypes }),
      );
      expect(r.body.code, JSON.stringify(eventTypes)).toBe(4000);
    }
  });

  it('registers a public https endpoint: the secret once, sealed at rest, a hint in the list', async () => {
    const u = await h.signedIn();
    const r = await send(
      h,
      'POST',
      '/webhooks',
      u.token,
      endpoint('https://hooks.example.com/satportal?k=1'),
    );
    expect(r.body.code).toBe(2000);
    const { endpoint: e, secret } = r.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(e).toMatchObject({
      url: 'https://hooks.example.com/satportal?k=1',
      description: 'ERP',
      enabled: true,
      eventTypes: ['order.status_changed', 'delivery.completed'],
      secretHint: `${secret.slice(0, 10)}…`,
      disabledReason: null,
    });
    const list = await send(h, 'GET', '/webhooks', u.token);
    expect(list.body.data).toEqual({ list: [e], max: WebhookLimits.endpointsMax });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const stored = await h.pool.query('SELECT secret FROM webhook_endpoints WHERE id = $1', [e.id]);
    expect(stored.rows[0].secret).toMatch(/^v1:/);
    expect(stored.rows[0].secret).not.toContain(secret.slice(6));

    // rotation: a new secret, answered once; the list's hint follows
    const rotated = await send(h, 'POST', `/api/v1/webhooks/${e.id}/secret`, u.token);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.endpoint.secretHint).toBe(`${rotated.body.data.secret.slice(0, 10)}…`);

    // change and turn off; the URL is checked again
    const changed = await send(h, 'PUT', `/api/v1/webhooks/${e.id}`, u.token, {
      url: 'https://other.example.com/hook',
      eventTypes: ['subscription.matched'],
      enabled: false,
    });
    expect(changed.body.data).toMatchObject({
      enabled: false,
      description: '',
      eventTypes: ['subscription.matched'],
    });
    const refused = await send(h, 'PUT', `/api/v1/webhooks/${e.id}`, u.token, endpoint('https://127.0.0.2/'));
    expect(refused.body).toMatchObject({ code: 4000, message: 'webhook.urlPrivate' });

    expect((await send(h, 'DELETE', `/api/v1/webhooks/${e.id}`, u.token)).body.code).toBe(2000);
    expect((await send(h, 'GET', '/webhooks', u.token)).body.data.list).toEqual([]);
  });

  it(`allows ${WebhookLimits.endpointsMax} endpoints per user, then 4009 webhook.tooMany`, async () => {
    const u = await h.signedIn();
    const made = await Promise.all(
      Array.from({ length: WebhookLimits.endpointsMax + 2 }, (_, i) =>
        send(h, 'POST', '/webhooks', u.token, endpoint(`https://hooks.example.com/${i}`)),
      ),
    );
    expect(made.filter((r) => r.body.code === 2000)).toHaveLength(WebhookLimits.endpointsMax);
    const over = made.filter((r) => r.body.code !== 2000);
    expect(over).toHaveLength(2);
    for (const r of over) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 4009, message: 'webhook.tooMany', data: { params: { max: 10 } } });
    }
    expect(typeof translated('en', 'webhook.tooMany')).toBe('string');
    // another user is not counted against
    const v = await h.signedIn();
    expect(
      (await send(h, 'POST', '/webhooks', v.token, endpoint('https://hooks.example.com/v'))).body.code,
    ).toBe(2000);
  });

  it("never reaches another user's endpoint: 4004 as for an unknown id", async () => {
    const owner = await h.signedIn();
    const other = await h.signedIn();
    const r = await send(h, 'POST', '/webhooks', owner.token, endpoint('https://hooks.example.com/own'));
    const id = r.body.data.endpoint.id;
    const attempts = [
      ['PUT', `/api/v1/webhooks/${id}`, endpoint('https://evil.example.com/')],
      ['DELETE', `/api/v1/webhooks/${id}`],
      ['POST', `/api/v1/webhooks/${id}/secret`],
      ['POST', `/api/v1/webhooks/${id}/test`],
      ['GET', `/api/v1/webhooks/${id}/deliveries`],
    ] as const;
    for (const [method, path, body] of attempts) {
      for (const target of [path, path.replace(String(id), '2147483000')]) {
        const a = await send(h, method, target, other.token, body);
        expect(a.status, `${method} ${target}`).toBe(404);
        expect(a.body).toMatchObject({ code: 4004, message: 'webhook.notFound' });
      }
    }
    expect((await send(h, 'GET', '/webhooks', other.token)).body.data.list).toEqual([]);
    const still = await send(h, 'GET', '/webhooks', owner.token);
    expect(still.body.data.list[0]).toMatchObject({ id, url: 'https://hooks.example.com/own' });
    expect(await h.pool.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [id])).toMatchObject(
      {
        rowCount: 0,
      },
    );
  });

  it('refuses ids and limits that Ajv reads as ±Infinity (found by the fuzz test: a 500 before)', async () => {
    const u = await h.signedIn();
    const r = await send(h, 'POST', '/webhooks', u.token, endpoint('https://hooks.example.com/inf'));
    const id = r.body.data.endpoint.id;
    for (const path of [
      `/api/v1/webhooks/${id}/deliveries?limit=-1e999`,
      `/api/v1/webhooks/${id}/deliveries?limit=1e999`,
      '/api/v1/webhooks/1e999/deliveries',
    ]) {
      const a = await send(h, 'GET', path, u.token);
      expect(a.status, path).toBe(400);
      expect(a.body).toMatchObject({ code: 4000, message: 'error.outOfRange' });
    }
    for (const [method, path] of [
      ['POST', '/api/v1/webhooks/1e999/test'],
      ['POST', '/api/v1/webhooks/1e999/secret'],
      ['DELETE', '/api/v1/webhooks/1e999'],
    ] as const)
      expect((await send(h, method, path, u.token)).status, path).toBe(400);
  });

  it('needs a session', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/v1/webhooks', remoteAddress: h.remoteAddress });
    expect(r.statusCode).toBe(401);
  });
});
