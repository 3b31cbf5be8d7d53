import { describe, expect, it } from 'vitest';
import { startHarness } from '../test/harness';
import { testWebDist } from '../test/web-dist';

/**
 * The security headers (helmet's, computed once: `security-headers.ts`) on every kind of answer:
 * the API's JSON, a refusal, the web application's page and files, the OpenAPI document.
 */

const h = await startHarness({ webDist: testWebDist({ 'app.js': 'console.log(1);' }) });

describe('security headers', () => {
  it('are on the API, its refusals, the page, its files and the OpenAPI document', async () => {
    const me = await h.signedIn();
    for (const [url, token, status] of [
      ['/api/v1/me', me.token, 200],
      ['/api/v1/me', 'not-a-session-token-at-all', 401],
      ['/', undefined, 200],
      ['/orders/anything', undefined, 200],
      ['/assets/app.js', undefined, 200],
      ['/api/docs/json', undefined, 200],
    ] as const) {
      const r = await h.app.inject({
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        remoteAddress: h.remoteAddress,
      });
      expect(r.statusCode, url).toBe(status);
      const csp = String(r.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      // The OpenAPI UI (@fastify/swagger-ui, staticCSP) writes its own policy over ours.
      if (!url.startsWith('/api/docs')) expect(csp, url).toContain("img-src 'self' data: blob: https:");
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(r.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(r.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(r.headers['referrer-policy'], url).toBe('no-referrer');
      expect(r.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(r.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(r.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
