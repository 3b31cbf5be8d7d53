import { expect, type Page } from '@playwright/test';

/**
 * Every toast a page has shown, in order, kept in the tab's sessionStorage (it survives a reload).
 *
 * Why not wait for the toast on screen: an antd toast lives 3 s. On a loaded 2-core machine the
 * step a spec checks first (a refreshed tree, a closed dialog) can come more than 3 s after the
 * toast, and the toast is gone by the time it is looked for (CI, stop 33: "Saved" and "Deleted"
 * were said and missed). The log holds what was said, so the check is whether it was said.
 */
const storageKey = 'e2e-toasts';

/** Runs in the page before its own scripts: records each toast's text as it appears or changes. */
function recordToasts(key: string) {
  let log: string[] = [];
  try {
    log = JSON.parse(sessionStorage.getItem(key) ?? '[]');
  } catch {
    return; // about:blank and the like have no storage and no toasts
  }
  const recorded = new WeakMap<Element, string>();
  const record = () => {
    let changed = false;
    for (const notice of document.querySelectorAll('.ant-message-notice')) {
      const text = notice.textContent ?? '';
      if (!text || recorded.get(notice) === text) continue;
      recorded.set(notice, text);
      log.push(text);
      changed = true;
    }
    if (changed) sessionStorage.setItem(key, JSON.stringify(log));
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
}

const recording = new WeakSet<Page>();

/** Starts the log on a page (once; before its first navigation). */
export async function startToastLog(page: Page) {
  if (recording.has(page)) return;
  recording.add(page);
  await page.addInitScript(recordToasts, storageKey);
}

/** The toasts said so far, and those on screen now. */
const toastsOf = (page: Page) =>
  page.evaluate((key) => {
    const onScreen = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
    return { said: JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], onScreen };
  }, storageKey);

/**
 * Waits until a toast containing `text` is on screen, or has been shown since the last toast this
 * check matched for the same text (so an action repeated must say it again, unless its toast is
 * keyed and still up: antd then keeps the one on screen). The wait is long because a toast
 * follows a server answer, and the embedded database answers one query at a time on a machine
 * where the other worker's test may be fulfilling an order.
 */
export async function expectToastSaid(
  page: Page,
  matched: Map<string, number>,
  text: string | RegExp,
  timeout = 30_000,
) {
  const key = String(text);
  const matches = (toast: string) => (typeof text === 'string' ? toast.includes(text) : text.test(toast));
  const after = matched.get(key) ?? -1;
  let last = after;
  await expect
    .poll(
      async () => {
        const { said, onScreen } = await toastsOf(page);
        const found = said.findIndex((toast, at) => at > after && matches(toast));
        if (found < 0 && !onScreen.some(matches)) return said.slice(after + 1);
        last = Math.max(after, said.findLastIndex(matches));
        return 'said';
      },
      { message: `a toast saying ${key}`, timeout },
    )
    .toBe('said');
  matched.set(key, last);
}
