import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { AccountDriver } from './accountDriver';
import { ApiKeysDriver } from './apiKeysDriver';
import { Portal, uiText } from './driver';

/**
 * Webhooks in the account centre (issue 27 item 2 and "Done when"): a user adds an endpoint, copies the secret
 * shown once, sends a test event, and a real receiver on the loopback interface (allowed for the
 * e2e server by WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP, playwright.config.ts) gets it with a
 * signature that the Standard Webhooks library verifies with that secret; the delivery log shows
 * it delivered with the receiver's HTTP status. Then a key made in the account centre places an
 * archive order without the session, and its delivery.completed arrives signed and shows in the log.
 */

interface Got {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const got: Got[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      got.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(202, { 'content-type': 'text/plain' });
      response.end('accepted');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    url: `http://127.0.0.1:${port}/satportal-hook`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The event, once its Standard Webhooks signature checks out with the endpoint's secret (else it throws). */
const verify = (got: Got, secret: string) =>
  new Webhook(secret).verify(got.body, {
    'webhook-id': String(got.headers['webhook-id']),
    'webhook-timestamp': String(got.headers['webhook-timestamp']),
    'webhook-signature': String(got.headers['webhook-signature']),
  }) as { type: string; data: { orderNumber?: string; sceneIds?: string[] } };

for (const language of ['en', 'zh'] as const) {
  test(`(${language}) adds a webhook and an API key in the account centre; a signed test event and, for an order placed with the key, a signed delivery arrive`, async ({
    page,
  }) => {
    // A login, a registration, a test event, and an order audited and delivered by the server's
    // queue: on the shared 2-core machine under a full e2e run the first test took over 60 s.
    test.setTimeout(240_000);
    const receiver = await startReceiver();
    try {
      const portal = new Portal(page);
      const account = new AccountDriver(portal);
      await portal.logInNewUser(language);
      await account.open();

      const section = page.getByTestId('webhooks');
      await section.scrollIntoViewIfNeeded();
      await expect(page.getByTestId('webhooks-none')).toHaveText(uiText(language, 'webhook.none'));

      // A private address without the operator's allowance is refused by the server; here the
      // loopback receiver is allowed. First a URL that is no URL: the form shows the server's words.
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-url').fill('not a url');
      await page.getByTestId('webhook-save').click();
      await expect(page.getByTestId('webhook-form')).toContainText(uiText(language, 'webhook.urlInvalid'));

      await page.getByTestId('webhook-url').fill(receiver.url);
      await page.getByTestId('webhook-description').fill('ERP');
      await page.getByTestId('webhook-save').click();
      const secretBox = page.getByTestId('webhook-secret');
      await expect(secretBox).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}/);
      const secret = ((await secretBox.textContent()) ?? '').match(/whsec_[A-Za-z0-9+/=]+/)![0];
      await page.screenshot({ path: test.info().outputPath(`secret-${language}.png`) });
      await page.getByTestId('webhook-secret-done').click();

      const card = page.getByTestId('webhook-card');
      await expect(card).toHaveCount(1);
      await expect(page.getByTestId('webhook-card-url')).toHaveText(receiver.url);
      await expect(card).toContainText(uiText(language, 'webhook.eventDelivery'));
      await expect(card).toContainText(secret.slice(0, 10));
      await expect(card).not.toContainText(secret);

      await page.getByTestId('webhook-test').click();
      await expect.poll(() => receiver.got.length, { timeout: 30_000 }).toBe(1);
      const got = receiver.got[0]!;
      const payload = verify(got, secret);
      expect(payload.type).toBe('webhook.test');
      expect(String(got.headers['webhook-signature'])).toMatch(/^v1,/);

      const line = page.getByTestId('webhook-log-line');
      await expect(line).toHaveCount(1, { timeout: 15_000 });
      await expect(line).toHaveAttribute('data-state', 'delivered', { timeout: 15_000 });
      await expect(line).toHaveAttribute('data-event-id', String(got.headers['webhook-id']));
      await expect(page.getByTestId('webhook-log-status')).toHaveText('HTTP 202');
      await expect(line).toContainText(uiText(language, 'webhook.stateDelivered'));
      await card.scrollIntoViewIfNeeded();
      await portal.panel(5).screenshot({ path: test.info().outputPath(`panel-${language}.png`) });

      // A program's order (issue 27, "Done when"): a key made here with the order scope places an
      // archive order without the session; its delivery arrives signed at the same receiver.
      const keys = new ApiKeysDriver(portal);
      await keys.create(`orders ${language}`, { add: ['order'] });
      const apiKey = await keys.shownKey();
      await keys.closeShownKey();
      const clear = await page.request.get('/stac/v1/search', {
        params: { limit: 1, sortby: '-properties.datetime', filter: 'eo:cloud_cover < 10' },
      });
      const sceneId = ((await clear.json()) as { features: Array<{ id: string }> }).features[0]!.id;
      const ordered = await page.request.post('/api/v1/orders/archive/direct', {
        headers: { 'x-api-key': apiKey, 'idempotency-key': `e2e-${language}-${Date.now()}` },
        data: {
          taskId: null,
          isOrderBySceneId: true,
          ipr: {
            priority: 1,
            process: { level: [10], clipping: false, isQualityTesting: false },
            ips: [{ sceneId }],
          },
          orderRequestInfo: { type: 2 },
        },
      });
      const orderNumber = ((await ordered.json()) as { data: { list: Array<{ orderNumber: string }> } }).data
        .list[0]!.orderNumber;
      const delivery = () =>
        receiver.got
          .map((g) => ({ g, event: verify(g, secret) }))
          .find(({ event }) => event.type === 'delivery.completed' && event.data.orderNumber === orderNumber);
      await expect.poll(() => delivery() !== undefined, { timeout: 90_000 }).toBe(true);
      expect(delivery()!.event.data.sceneIds).toEqual([sceneId]);
      // The log, refreshed as a user does, shows that delivery delivered, under its event id.
      await page.getByTestId('webhook-log-refresh').click();
      const deliveredLine = page.locator(
        `[data-testid="webhook-log-line"][data-event-id="${delivery()!.g.headers['webhook-id']}"]`,
      );
      await expect(deliveredLine).toHaveAttribute('data-state', 'delivered', { timeout: 15_000 });
      await expect(deliveredLine).toContainText(uiText(language, 'webhook.eventDelivery'));
    } finally {
      await receiver.close();
    }
  });
}
