import { expect, test } from '@playwright/test';
import { createUser, Portal, uiText } from './driver';
import { type CartScene, OrderDriver } from './orderDriver';

/**
 * The order dialogs (spec 001 §2 "Order confirmation dialog", "Order-success dialog", §5, §8;
 * issue 13): an archive order over a small AOI refused 4151 and cured by enlarging the AOI, levels
 * and agreements, the order numbers and a tag; a tasking order with a priority; a reseller's end
 * user found by the company look-up; no ordering without authority, in the browser and the API.
 */

const levelsBySensorType: Record<number, number[]> = {
  1: [10, 11, 20, 21, 22],
  2: [10],
  3: [10, 20, 22],
  4: [10],
  5: [10],
};

/** A UTC day some days from today, YYYY-MM-DD. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An optical or hyperspectral scene (clipping offered), the sharpest first: its group's minimum is the smallest. */
const clippable = (scenes: CartScene[]) =>
  scenes.filter((s) => s.type === 1 || s.type === 3).sort((a, b) => a.imageGsd - b.imageGsd)[0];

for (const language of ['en', 'zh'] as const) {
  const text = (key: string, params?: Record<string, string>) => uiText(language, key, params);

  test(`(${language}) archive order: a small AOI is refused 4151, enlarged to the minimum, ordered at two levels, tagged`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const portal = new Portal(page);
    const order = new OrderDriver(portal);
    await portal.logInNewUser(language);

    await order.searchWide();
    const scene = clippable(await order.listedScenes());
    expect(scene, 'an optical or hyperspectral scene over central Africa').toBeTruthy();
    if (!scene) return;
    await order.searchSmallAoiIn(scene);
    await order.cart.checkScene(scene.sceneId);
    await expect(order.cart.count()).toHaveText('1');
    await order.openFromCart();

    // The levels of the scene's sensor type, each with its meaning.
    const offered = levelsBySensorType[scene.type] ?? [];
    await expect(page.getByTestId('order-levels').getByRole('checkbox')).toHaveCount(offered.length);
    await expect(page.getByTestId('order-levels')).toContainText(text('order.levelNames.10'));
    // A customer (type 4) orders for its own organisation, shown read-only.
    await expect(page.getByTestId('order-requester-own')).toBeVisible();
    await expect(order.confirmButton()).toBeDisabled();
    await expect(page.getByTestId('order-hint')).toHaveText(text('order.needLevel'));

    // Streaming asks first, then offers L3D only; back to GeoTIFF offers every level again.
    await order.choose('order-process-mode', text('order.modeStreaming'));
    await expect(page.getByText(text('order.streamingWarning'))).toBeVisible();
    await page.getByTestId('order-streaming-ok').click();
    await expect(page.getByTestId('order-levels').getByRole('checkbox')).toHaveCount(1);
    await expect(page.getByTestId('order-levels')).toContainText(text('order.levelNames.22'));
    await order.choose('order-process-mode', text('order.modeGeotiff'));
    await expect(page.getByTestId('order-levels').getByRole('checkbox')).toHaveCount(offered.length);

    const levels = [10, 22].filter((l) => offered.includes(l));
    await order.chooseLevels(levels);
    await order.choose('order-clipping', text('order.yes'));
    await order.choose('order-recheck', text('order.yes'));
    await expect(page.getByText(text('order.manualRecheckNote'))).toBeVisible();
    await expect(page.getByTestId('order-hint')).toHaveText(text('order.needAgreements'));
    // The licence the customer agrees to is a real PDF the product serves.
    const eula = await page.request.get(
      (await page.getByTestId('order-eula-link').getAttribute('href')) as string,
    );
    expect(eula.headers()['content-type']).toContain('application/pdf');
    expect((await eula.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await order.agree();
    await expect(order.confirmButton()).toBeEnabled();
    await expect(order.confirmButton()).toHaveText(
      levels.length > 1
        ? text('order.confirmCount', { count: String(levels.length) })
        : text('common.confirm'),
    );
    // The group's clipped area is below its minimum: marked in the rules table, one estimate per level.
    await expect(page.getByTestId('order-rule').first()).toHaveAttribute('data-below', 'true', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('order-estimate')).toHaveCount(levels.length, { timeout: 30_000 });

    // The server refuses it (4151 order.tipMinArea naming the group and the minimum).
    const refused = await order.confirm('/orders/archive');
    expect(refused.key).toMatch(/^[0-9a-f-]{36}$/);
    const group = (await page.getByTestId('order-rule').first().locator('td').first().textContent()) ?? '';
    await expect(page.getByTestId('order-refusal')).toContainText(group);
    // The same body sent again goes with the same key: a retry answers the first order.
    const retried = await order.confirm('/orders/archive');
    expect(retried.key).toBe(refused.key);
    await expect(page.getByTestId('order-refusal')).toContainText(group);

    // Enlarge to the minimum: the enlarged AOI and its buffer, the group no longer below.
    await page.getByTestId('order-enlarge').click();
    await expect(page.getByTestId('order-enlarged')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('order-refusal')).toHaveCount(0);
    await expect(page.getByTestId('order-rule').first()).toHaveAttribute('data-below', 'false');

    const sent = await order.confirm('/orders/archive');
    // The enlarged AOI is another order body: another key (the server refuses a key with another body).
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.key).not.toBe(refused.key);
    const ipr = sent.body.ipr as { aois?: unknown[]; process: { level: number[]; clipping: boolean } };
    expect(ipr.aois).toHaveLength(1);
    expect(ipr.process).toMatchObject({ level: levels, clipping: true, isManualRecheck: true });

    // The success dialog: one order per level; the cart is emptied.
    await expect(page.getByTestId('order-success')).toBeVisible({ timeout: 30_000 });
    await expect(order.orderNumbers()).toHaveCount(levels.length);
    await expect.poll(async () => (await order.cart.stored())?.scenes.length ?? 0).toBe(0);
    const orderIds = await order
      .orderNumbers()
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-order-id'))));

    // A tag changes the buttons to their saving variant; "Order centre" saves it and opens panel 4.
    const tag = `e2e ${language} ${Date.now() % 100000}`;
    await page.getByTestId('order-tag').locator('input').fill(tag);
    await expect(page.getByTestId('order-centre')).toHaveText(text('order.saveTagOrderCentre'));
    await expect(page.getByTestId('order-homepage')).toHaveText(text('order.saveTagHomepage'));
    await page.getByTestId('order-centre').click();
    await expect(page.getByTestId('order-success')).toHaveCount(0);
    await expect(page.getByTestId('panel-4')).toBeVisible();
    const tags = await order.apiGet<{ list: Array<{ tag: string; orderIds: number[] }> }>('/orders/tags');
    expect(tags.list.find((t) => t.tag === tag)?.orderIds.sort()).toEqual(orderIds.sort());
  });

  test(`(${language}) tasking order from a prediction with a priority`, async ({ page }) => {
    test.setTimeout(180_000);
    const portal = new Portal(page);
    const order = new OrderDriver(portal);
    await portal.logInNewUser(language);
    await portal.openTasking();
    // Before a prediction there is nothing to order.
    await expect(page.getByTestId('tasking-order')).toBeDisabled();
    await portal.searchCoordinates('39.9,116.4');
    await expect(portal.zoomLevel()).toHaveText('10');
    await portal.clearCoordinateSearch();
    // At zoom 8, about 110 × 80 km around Beijing: above every tasking minimum (2500 km² at most).
    for (const zoom of ['9', '8']) {
      await page.getByTestId('zoom-out').click();
      await expect(portal.zoomLevel()).toHaveText(zoom);
    }
    await portal.drawPolygon([
      [-120, -80],
      [110, -90],
      [130, 70],
      [-100, 90],
    ]);
    await expect.poll(() => portal.currentAoi()).not.toBeNull();
    await portal.setTaskingDates(dayAhead(1), dayAhead(3));
    await page.getByTestId('tasking-cc').fill('100');
    await page.getByTestId('tasking-ac').fill('0');
    await portal.predictPasses();
    await expect(portal.passes().first()).toBeVisible({ timeout: 60_000 });

    await page.getByTestId('tasking-order-prediction').click();
    await expect(page.getByTestId('order-tasking')).toBeVisible();
    await expect(page.getByTestId('order-levelneeded')).toHaveText(text('order.levelneeded'));
    await expect(page.getByTestId('order-satellites').getByRole('checkbox').first()).toBeChecked();
    await order.chooseLevels([10]);
    await order.choose('order-priority', text('order.priorities.3'));
    await order.agree();
    await expect(page.getByTestId('order-estimate')).toHaveCount(1, { timeout: 30_000 });
    const sent = await order.confirm('/orders/tasking');
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.body.ppr).toMatchObject({ priority: 3, process: { level: [10] } });
    await expect(page.getByTestId('order-success')).toBeVisible({ timeout: 30_000 });
    await expect(order.orderNumbers()).toHaveCount(1);
    await page.getByTestId('order-homepage').click();
    await expect(page.getByTestId('order-success')).toHaveCount(0);
  });
}

test('(en) a reseller orders for an end user found by the company look-up', async ({ page }) => {
  test.setTimeout(240_000);
  const text = (key: string, params?: Record<string, string>) => uiText('en', key, params);
  const portal = new Portal(page);
  const order = new OrderDriver(portal);
  await portal.goOffline();
  await portal.logIn(await createUser({ orgType: 3, orderTypes: '1' }));
  await order.searchWide();
  await portal.checkFirstResultGroup();
  await order.cart.settled();

  // An earlier order for an end user (through the API) puts the company on the reseller's list.
  const stored = await order.cart.stored();
  const company = `Acme Farms ${Date.now() % 100000}`;
  const earlier = await portal.apiPost<{ list: unknown[] }>('/orders/archive', {
    taskId: stored?.search?.taskId,
    ipr: {
      priority: 1,
      process: { level: [10], clipping: false, isQualityTesting: false },
      ips: stored?.scenes.map(({ sceneId }) => ({ sceneId })),
    },
    orderRequestInfo: {
      type: 1,
      requestInfo: {
        company,
        contact: 'Ann Lee',
        application: 'agriculture',
        email: 'ops@acme.example',
        address: '1 Field Road',
      },
    },
  });
  expect(earlier?.list?.length).toBe(1);

  await order.openFromCart();
  await expect(page.getByTestId('order-hint')).toHaveText(text('order.needLevel'));
  await order.chooseLevels([10]);
  await expect(page.getByTestId('order-hint')).toHaveText(
    text('order.needRequester', { field: text('order.requestType') }),
  );
  await order.choose('order-request-type', text('order.forEndUser'));
  // Chosen from the list the look-up answered for what was typed, as a user who reads it first.
  const lookedUp = page.waitForResponse((r) => /companies\?company=Acme$/.test(r.url()));
  await page.getByTestId('order-requester-company').locator('input').fill('Acme');
  await lookedUp;
  await page.getByTestId('order-company-option').filter({ hasText: company }).click();
  await expect(page.getByTestId('order-requester-email')).toHaveValue('ops@acme.example');
  await expect(page.getByTestId('order-requester-contact')).toHaveValue('Ann Lee');
  await expect(page.getByTestId('order-requester-application')).toContainText(
    text('order.applications.agriculture'),
  );
  await order.agree();
  const sent = await order.confirm('/orders/archive');
  expect(sent.body.orderRequestInfo).toMatchObject({
    type: 1,
    requestInfo: { company, email: 'ops@acme.example', address: '1 Field Road', contact: 'Ann Lee' },
  });
  await expect(order.orderNumbers()).toHaveCount(1, { timeout: 30_000 });
});

test('(en) without ordering authority the buttons are disabled and the API refuses 403', async ({ page }) => {
  test.setTimeout(180_000);
  const portal = new Portal(page);
  const order = new OrderDriver(portal);
  await portal.goOffline();
  await portal.logIn({ username: 'viewer', password: 'satportal-viewer' });
  await order.searchWide();
  await portal.checkFirstResultGroup();
  await expect(page.getByTestId('cart-order')).toBeDisabled();
  await expect(page.getByTestId('results-order')).toBeDisabled();
  await portal.showSearchTab('tasking');
  await expect(page.getByTestId('tasking-order')).toHaveText(uiText('en', 'tasking.orderingDisabled'));
  await expect(page.getByTestId('tasking-order')).toBeDisabled();

  const stored = await order.cart.stored();
  const answer = await page.evaluate(
    async ({ body }) => {
      const response = await fetch('/api/v1/orders/archive', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { code: number; message: string } };
    },
    {
      body: {
        taskId: stored?.search?.taskId,
        ipr: {
          priority: 1,
          process: { level: [10], clipping: false, isQualityTesting: false },
          ips: stored?.scenes.map(({ sceneId }) => ({ sceneId })),
        },
        orderRequestInfo: { type: 2 },
      },
    },
  );
  expect(answer.status).toBe(403);
  expect(answer.body.message).toBe('order.noPermission');
});
