import { escapeHtml, utc } from './order-mail';

/**
 * The e-mail of a subscription that fired (issue 16): which subscription, how many new scenes,
 * their ids and acquisition times. Server texts in the user's language, as the order mails.
 */
export interface SubscriptionMailFacts {
  userName: string;
  language: 'en' | 'zh';
  /** The portal's address as people reach it (`Config.fulfilment.publicUrl`). */
  portalUrl: string;
  subscriptionName: string;
  aoiName: string;
  /** The batch's new scenes, oldest first. */
  scenes: { id: string; acquiredAt: Date }[];
}

export interface SubscriptionMail {
  subject: string;
  text: string;
  html: string;
}

/** Scenes named one by one; the rest are counted ("and N more"), so a large batch stays readable. */
export const ScenesNamedInMail = 20;

interface Wording {
  subject: string;
  greeting: string;
  intro: string;
  more: (n: number) => string;
  link: string;
  closing: string;
}

function english(f: SubscriptionMailFacts): Wording {
  const n = f.scenes.length;
  const scenes = n === 1 ? '1 new scene' : `${n} new scenes`;
  return {
    subject: `${f.subscriptionName}: ${scenes}`,
    greeting: `Dear ${f.userName},`,
    intro: `Your subscription "${f.subscriptionName}" over ${f.aoiName} has ${scenes} that meet its conditions:`,
    more: (m) => `… and ${m} more`,
    link: 'Open the subscription centre',
    closing: 'Satportal',
  };
}

function chinese(f: SubscriptionMailFacts): Wording {
  const n = f.scenes.length;
  return {
    subject: `${f.subscriptionName}：${n} 景新影像`,
    greeting: `${f.userName}，您好：`,
    intro: `您在 ${f.aoiName} 的订阅“${f.subscriptionName}”有 ${n} 景符合条件的新影像：`,
    more: (m) => `……另有 ${m} 景`,
    link: '打开订阅中心',
    closing: 'Satportal',
  };
}

export function subscriptionMail(facts: SubscriptionMailFacts): SubscriptionMail {
  const w = facts.language === 'zh' ? chinese(facts) : english(facts);
  const named = facts.scenes.slice(0, ScenesNamedInMail).map((s) => `${s.id}  ${utc(s.acquiredAt)}`);
  const rest = facts.scenes.length - named.length;
  const list = rest > 0 ? [...named, w.more(rest)] : named;
  const url = facts.portalUrl;
  const text = [
    w.greeting,
    '',
    w.intro,
    '',
    ...list.map((l) => `  ${l}`),
    '',
    `${w.link}: ${url}`,
    '',
    w.closing,
    '',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${facts.language}"><body>`,
    `<p>${escapeHtml(w.greeting)}</p>`,
    `<p>${escapeHtml(w.intro)}</p>`,
    `<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(w.link)}</a></p>`,
    `<p>${escapeHtml(w.closing)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: w.subject, text, html };
}
