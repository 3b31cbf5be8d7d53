import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { type Account, operatorCli, type Portal } from './driver';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A stored subscription as `GET subscriptions` lists it (the fields the tests read). */
export interface ListedSubscription {
  id: number;
  name: string;
  aoiName: string;
  aoiId: number | null;
  fdate: string;
  tdate: string;
  userEmail: string;
  condition: { cc: number; ac: number; ona: number; sza: number; orbit?: number; productQualities: string[] };
  sensor: { type?: number };
  satIds: number[];
  boundaries: { type: string; coordinates: unknown };
}

/** A fresh user with an e-mail address (the panel shows it read-only), made by the operator CLI. */
export async function createUserWithEmail(): Promise<Account & { email: string }> {
  const username = `e2e_${randomBytes(4).toString('hex')}`;
  const account = {
    username,
    password: `pw-${randomBytes(6).toString('hex')}`,
    email: `${username}@example.test`,
  };
  await operatorCli([
    'user',
    'create',
    '--username',
    account.username,
    '--password',
    account.password,
    '--email',
    account.email,
    '--org-type',
    '4',
    '--order-type',
    '1,4',
  ]);
  return account;
}

/** UTC day some days from today, YYYY-MM-DD (the tests run the browser in UTC). */
export const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** What a user does in the search centre's AOI Subscription tab; the driver of subscription-create.spec.ts. */
export class SubscriptionCreateDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  form() {
    return this.page.getByTestId('subscription-form');
  }

  /** Opens the search centre on its AOI Subscription tab. */
  async open() {
    await this.portal.openPanel(1);
    await this.portal.showSearchTab('subscription');
    await expect(this.form()).toBeVisible();
  }

  field(name: 'aoi' | 'name' | 'email' | 'cc' | 'ac' | 'ona' | 'sza') {
    return this.page.getByTestId(`subscription-${name}`);
  }

  dates() {
    return this.page.getByTestId('subscription-dates').locator('input');
  }

  qualities() {
    return this.page.getByTestId('subscription-quality').getByRole('checkbox');
  }

  async setNumber(field: 'cc' | 'ac' | 'ona' | 'sza', value: number) {
    await this.field(field).fill(String(value));
    await this.field(field).press('Tab');
  }

  async submit() {
    await this.page.getByTestId('subscription-submit').click();
  }

  /** Waits for the toast of a client check (toastLog.ts). */
  expectToast(text: string) {
    return this.portal.expectToast(text);
  }

  /** The caller's subscriptions through the API, newest first. */
  async listed(type: 10 | 20 = 10): Promise<ListedSubscription[]> {
    const token = await this.portal.stored('token');
    const response = await this.page.request.get(`/api/v1/subscriptions?type=${type}&length=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as Envelope<{ list: ListedSubscription[] }>;
    expect(body.code, body.message).toBe(2000);
    return body.data.list;
  }
}
