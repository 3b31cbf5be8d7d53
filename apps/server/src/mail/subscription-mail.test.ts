import { describe, expect, it } from 'vitest';
import { subscriptionMail } from './subscription-mail';

const scenes = Array.from({ length: 23 }, (_, i) => ({
  id: `SC-${String(i).padStart(2, '0')}`,
  acquiredAt: new Date(Date.UTC(2026, 10, 25, 3, i)),
}));
const facts = {
  userName: 'ada',
  language: 'en' as const,
  portalUrl: 'https://portal.example/',
  subscriptionName: 'Harbour <watch>',
  aoiName: 'Port of Piraeus',
  scenes,
};

describe('subscription mail', () => {
  it('names the subscription, the count, the first 20 scenes with UTC times, the rest as a number, and the portal', () => {
    const mail = subscriptionMail(facts);
    expect(mail.subject).toBe('Harbour <watch>: 23 new scenes');
    expect(mail.text).toContain('Your subscription "Harbour <watch>" over Port of Piraeus has 23 new scenes');
    expect(mail.text).toContain('  SC-00  2026-11-25 03:00 UTC\n');
    expect(mail.text).toContain('  SC-19  2026-11-25 03:19 UTC\n');
    expect(mail.text).not.toContain('SC-20');
    expect(mail.text).toContain('… and 3 more');
    expect(mail.text).toContain('Open the subscription centre: https://portal.example/');
    expect(mail.html).toContain('Harbour &lt;watch&gt;');
    expect(mail.html).not.toContain('<watch>');
    expect(mail.html.match(/<li>/g)).toHaveLength(21);
  });

  it('writes one scene in the singular and lists every scene up to 20', () => {
    const one = subscriptionMail({ ...facts, scenes: scenes.slice(0, 1) });
    expect(one.subject).toBe('Harbour <watch>: 1 new scene');
    const twenty = subscriptionMail({ ...facts, scenes: scenes.slice(0, 20) });
    expect(twenty.text).toContain('SC-19');
    expect(twenty.text).not.toContain('more');
  });

  it('speaks Chinese to a Chinese user', () => {
    const mail = subscriptionMail({ ...facts, language: 'zh' });
    expect(mail.subject).toBe('Harbour <watch>：23 景新影像');
    expect(mail.text).toContain('您在 Port of Piraeus 的订阅“Harbour <watch>”有 23 景符合条件的新影像');
    expect(mail.text).toContain('……另有 3 景');
    expect(mail.text).toContain('打开订阅中心: https://portal.example/');
    expect(mail.html).toContain('<html lang="zh">');
  });
});
