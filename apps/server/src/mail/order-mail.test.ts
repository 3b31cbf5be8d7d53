import { describe, expect, it } from 'vitest';
import { type OrderMailFacts, orderMail } from './order-mail';

const facts: OrderMailFacts = {
  orderNumber: 'SP20261125000042',
  userName: 'Ada <script>alert(1)</script> & "Co"',
  language: 'en',
  portalUrl: 'https://portal.example/?a=1&b="2"',
  terms: { total: 3, delivered: 2, failed: 1, downloadUntil: new Date('2026-12-02T08:30:00Z') },
};

describe('order mails', () => {
  it('says in English what was delivered, until when, and where', () => {
    const m = orderMail('delivered', { ...facts, terms: { ...facts.terms, delivered: 3, failed: 0 } });
    expect(m.subject).toBe('Order SP20261125000042 is ready to download');
    expect(m.text).toContain('3 of 3 packages are ready');
    expect(m.text).toContain('until 2026-12-02 08:30 UTC');
    expect(m.text).toContain('https://portal.example/?a=1&b="2"');
  });

  it('tells partial delivery and failure apart', () => {
    const partial = orderMail('partial', facts);
    expect(partial.subject).toBe('Order SP20261125000042 was partly delivered');
    expect(partial.text).toContain('2 of 3 packages are ready, 1 could not be delivered');
    const failed = orderMail('failed', {
      ...facts,
      terms: { ...facts.terms, delivered: 0, failed: 3, downloadUntil: null },
    });
    expect(failed.subject).toBe('Order SP20261125000042 could not be delivered');
    expect(failed.text).toContain('3 of 3 failed');
    expect(failed.text).not.toContain('until');
  });

  it('writes Chinese for a Chinese-speaking user', () => {
    const m = orderMail('delivered', { ...facts, language: 'zh' });
    expect(m.subject).toBe('订单 SP20261125000042 已可下载');
    expect(m.text).toContain('有效期至 2026-12-02 08:30 UTC');
    expect(m.html).toContain('lang="zh"');
    expect(orderMail('failed', { ...facts, language: 'zh' }).subject).toBe('订单 SP20261125000042 未能交付');
    expect(orderMail('partial', { ...facts, language: 'zh' }).subject).toBe(
      '订单 SP20261125000042 已部分交付',
    );
  });

  it('escapes what it puts into HTML, and keeps the text as typed', () => {
    const m = orderMail('delivered', facts);
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(m.html).toContain('href="https://portal.example/?a=1&amp;b=&quot;2&quot;"');
    expect(m.text).toContain('Dear Ada <script>alert(1)</script> & "Co",');
  });
});
