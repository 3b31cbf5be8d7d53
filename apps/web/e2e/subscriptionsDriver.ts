import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { type Account, operatorCli, type Portal } from './driver';

const root = resolve(import.meta.dirname, '../../..');

type Position = [number, number];
type Ring = Position[];
interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A scene the next `archive advance` adds (the CLI's `archive upcoming --json`). */
export interface UpcomingScene {
  id: string;
  satelliteId: number;
  acquiredAt: string;
  cloudCover: number | null;
  offNadir: number | null;
  sensorType: number;
  productQuality: string;
  footprint: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

/** UTC day some days from today, YYYY-MM-DD (the tests run the browser in UTC). */
export const utcDay = (offsetDays: number, from = Date.now()) =>
  new Date(from + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Whether a point lies inside a ring (even-odd rule; lon/lat taken as plane coordinates). */
function inside([x, y]: Position, ring: Ring): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

/**
 * A small square AOI (±0.02°) around the middle of a footprint's ring, or null when it does not lie
 * inside the ring: such an AOI is wholly covered by that scene and by few others.
 */
export function aoiInside(ring: Ring): { type: 'Polygon'; coordinates: Ring[] } | null {
  const corners = ring.slice(0, -1);
  const lon = corners.reduce((s, p) => s + p[0], 0) / corners.length;
  const lat = corners.reduce((s, p) => s + p[1], 0) / corners.length;
  const d = 0.02;
  const square: Ring = [
    [lon - d, lat - d],
    [lon + d, lat - d],
    [lon + d, lat + d],
    [lon - d, lat + d],
    [lon - d, lat - d],
  ];
  return square.every((p) => inside(p, ring)) ? { type: 'Polygon', coordinates: [square] } : null;
}

/** What the subscription centre's spec sets up and reads beside the portal: CLI hooks and API calls. */
export class SubscriptionsDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  /** A fresh user in an organisation of their own (so a notice to it reaches no other test). */
  static async createUser(): Promise<Account & { organisation: string }> {
    const username = `e2e_${randomBytes(4).toString('hex')}`;
    const account = { username, password: `pw-${randomBytes(6).toString('hex')}` };
    const organisation = `${username} org`;
    await operatorCli([
      'user',
      'create',
      '--username',
      username,
      '--password',
      account.password,
      '--email',
      `${username}@example.test`,
      '--org',
      organisation,
      '--org-type',
      '4',
      '--order-type',
      '1,4',
    ]);
    return { ...account, organisation };
  }

  /** The scenes the next `archive advance --hours N` adds. */
  async upcoming(hours: number): Promise<UpcomingScene[]> {
    const { stdout } = await operatorCli(['archive', 'upcoming', '--hours', String(hours), '--json']);
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as UpcomingScene[];
  }

  /** Adds the next N hours of scenes and matches them before returning. */
  async advance(hours: number) {
    await operatorCli(['archive', 'advance', '--hours', String(hours)]);
  }

  async publishNotice(notice: { type: number; title: string; content: string; organisation: string }) {
    await operatorCli([
      'notice',
      'publish',
      '--type',
      String(notice.type),
      '--title',
      notice.title,
      '--content',
      notice.content,
      '--organisation',
      notice.organisation,
    ]);
  }

  async api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    const token = await this.portal.stored('token');
    const response = await this.page.request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { data: body }),
    });
    return (await response.json()) as Envelope<T>;
  }

  /** `POST subscriptions` as any client sends it; the answer's code is the caller's to check. */
  subscribe(subscription: {
    name: string;
    boundaries: { type: 'Polygon'; coordinates: Ring[] };
    satIds: number[];
    fdate: string;
    tdate: string;
  }) {
    const { name, boundaries, satIds, fdate, tdate } = subscription;
    return this.api<{ id: number }>('POST', '/subscriptions', {
      name,
      aoiName: `${name} AOI`,
      aoiId: null,
      boundaries,
      satIds,
      condition: { fdate, tdate, cc: 100, ac: 10, ona: 45, sza: 0, orbit: 0, productQualities: ['A', 'B'] },
    });
  }

  /**
   * A scene acquired on `day` (UTC) with an AOI inside its footprint: a real Sentinel-2 STAC Item
   * of the product's data, given a new id and that day, ingested by the operator's CLI (the demo
   * archive holds a few scenes a day, some days none).
   */
  async ingestSceneOn(day: string) {
    const [line] = readFileSync(resolve(root, 'data/stac-items/1000-sentinel-2-items.ndjson'), 'utf8').split(
      '\n',
    );
    const item = JSON.parse(line!) as {
      id: string;
      geometry: { coordinates: Ring[] };
      properties: { datetime: string };
    };
    item.id = `S2B_E2E_${randomBytes(6).toString('hex').toUpperCase()}`;
    item.properties.datetime = `${day}T12:00:00Z`;
    const file = join(mkdtempSync(join(tmpdir(), 'w2-stac-')), 'item.json');
    writeFileSync(file, JSON.stringify(item));
    await operatorCli(['ingest', file]);
    const aoi = aoiInside(item.geometry.coordinates[0]!);
    if (!aoi) throw new Error('the STAC item has no room for an AOI');
    const sats = await this.api<{ sats: { id: number }[] }>('GET', '/satellites?taskable=false');
    const found = await this.api<{ images: { sceneId: string; satId: number }[] }>(
      'POST',
      '/archive/search',
      {
        page: { start: 0, length: 1000 },
        aois: [aoi],
        condition: {
          fdate: day,
          tdate: day,
          cc: 100,
          ac: 0,
          ona: 45,
          sza: 0,
          orbit: 0,
          productQualities: ['A', 'B'],
        },
        satIds: sats.data.sats.map((s) => s.id),
      },
    );
    const scene = found.data.images.find((image) => image.sceneId === item.id);
    if (!scene) throw new Error(`the ingested scene ${item.id} is not found by an archive search`);
    return { sceneId: scene.sceneId, satId: scene.satId, aoi };
  }

  // The subscription centre (panel 6)

  dot() {
    return this.page.getByTestId('subscription-dot');
  }

  /** Loads the home page again and waits for its answer of `subscriptions/status`. */
  async reloadHome() {
    const status = this.page.waitForResponse((r) => r.url().includes('/api/v1/subscriptions/status'));
    await this.page.reload();
    await status;
    await expect(this.page.getByTestId('map')).toBeVisible();
  }

  /** Shows the centre (a reload keeps it open: the address bar names it). */
  async openCentre() {
    await this.portal.showPanel(6);
    await expect(this.page.getByTestId('subscription-centre-panel')).toBeVisible();
    // A user's pointer moves on to the panel: the menu button's tooltip would cover its first item.
    const panel = await this.portal.panel(6).boundingBox();
    if (panel) await this.page.mouse.move(panel.x + panel.width / 2, panel.y + panel.height - 10);
    await expect(this.page.locator('.ant-tooltip:visible')).toHaveCount(0);
  }

  tab(tab: 'inProcess' | 'ended') {
    return this.page.getByTestId(`subscription-tab-${tab}`);
  }

  item(id: number) {
    return this.page.locator(`[data-testid="subscription-item"][data-subscription-id="${id}"]`);
  }

  /** The notice dialog's parts. */
  notice(part: 'type' | 'title' | 'content' | 'published' | 'ok') {
    return this.page.getByTestId(`notice-${part}`);
  }
}
