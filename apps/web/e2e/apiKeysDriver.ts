import { expect } from '@playwright/test';
import type { Portal } from './driver';

/** What a user does with API keys in the account centre (issue 27): the driver of account-api-keys.spec.ts. */
export class ApiKeysDriver {
  constructor(readonly portal: Portal) {}

  get page() {
    return this.portal.page;
  }

  section() {
    return this.page.getByTestId('api-keys');
  }

  rows() {
    return this.page.getByTestId('api-key-row');
  }

  /**
   * Fills the form (name, scopes beside the default `read`, an expiry preset by its label) and
   * creates the key: the dialog showing it once opens.
   */
  async create(name: string, scopes: { add?: string[]; remove?: string[] }, expiryLabel?: string) {
    await this.section().scrollIntoViewIfNeeded();
    await this.page.getByTestId('api-key-name').fill(name);
    for (const scope of [...(scopes.add ?? []), ...(scopes.remove ?? [])])
      await this.page.getByTestId(`api-key-scope-${scope}`).click();
    if (expiryLabel) {
      // Chosen until the field shows it: CI (stop 35) lost the option's click once and the key
      // was made with the default, no expiry.
      const expiry = this.page.getByTestId('api-key-expiry');
      await expect(async () => {
        if (!(await this.page.locator('.ant-select-dropdown:visible').count())) await expiry.click();
        await this.page
          .locator('.ant-select-item-option', { hasText: expiryLabel })
          .click({ timeout: 2_000 });
        await expect(expiry).toContainText(expiryLabel, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
    }
    await this.page.getByTestId('api-key-create').click();
    const dialog = this.page.locator('.ant-modal', { has: this.page.getByTestId('api-key-secret') });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** The key the dialog shows. */
  async shownKey(): Promise<string> {
    return this.page.getByTestId('api-key-secret').inputValue();
  }

  /** Copies the shown key and returns what landed on the clipboard. */
  async copyKey(): Promise<string> {
    await this.page.evaluate(() => navigator.clipboard.writeText(''));
    await this.page.getByTestId('api-key-copy').click();
    let text = '';
    await expect
      .poll(async () => {
        text = await this.page.evaluate(() => navigator.clipboard.readText());
        return text;
      })
      .not.toBe('');
    return text;
  }

  async closeShownKey() {
    await this.page.getByTestId('api-key-secret-done').click();
    await expect(this.page.getByTestId('api-key-secret')).toBeHidden();
  }

  /** Revokes the key of the row named so, confirming. */
  async revoke(name: string) {
    const row = this.rows().filter({ hasText: name });
    await row.getByTestId('api-key-revoke').click();
    await this.page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(row).toHaveCount(0);
  }
}
