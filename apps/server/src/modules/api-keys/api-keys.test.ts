import { ApiKeyLimits, ApiKeyPattern, ResultCode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { apiKeyRefusal, scopeOf } from '../../http/auth-plugin';
import { newToken } from '../auth/token';
import { digestApiKey, isApiKeyText, newApiKeyText, prefixOf } from './api-key-text';
import { canonicalScopes, expiryOf } from './api-keys.service';

describe('the text of an API key', () => {
  it('is spk_, a visible id and 256 random bits; only its digest is kept', () => {
    const key = newApiKeyText();
    expect(key.text).toMatch(ApiKeyPattern);
    expect(key.text.startsWith(prefixOf(key.visibleId))).toBe(true);
    expect(key.visibleId).toMatch(/^[0-9a-f]{8}$/);
    expect(Buffer.from(key.text.split('_').slice(2).join('_'), 'base64url')).toHaveLength(32);
    expect(key.digest).toBe(digestApiKey(key.text));
    expect(key.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(key.digest).not.toContain(key.text.slice(13));
    expect(new Set(Array.from({ length: 200 }, () => newApiKeyText().text)).size).toBe(200);
  });

  it('is never confused with a session token, and needs its exact form', () => {
    for (let i = 0; i < 2000; i++) expect(isApiKeyText(newToken())).toBe(false);
    const { text } = newApiKeyText();
    expect(isApiKeyText(text)).toBe(true);
    for (const bad of [
      text.slice(0, -1),
      `${text}A`,
      text.toUpperCase(),
      ` ${text}`,
      text.replace('spk_', 'sk_'),
      text.replace(/^spk_[0-9a-f]{8}/, 'spk_ABCDEFGH'),
      `${text}\n`,
    ])
      expect(isApiKeyText(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe('a new key', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('expires never, or after now and within the limit', () => {
    expect(expiryOf(undefined, now)).toBeNull();
    expect(expiryOf(null, now)).toBeNull();
    expect(expiryOf('2027-01-01T00:00:00Z', now)?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    const latest = new Date(now.getTime() + ApiKeyLimits.expiryMaxDays * 86_400_000).toISOString();
    expect(expiryOf(latest, now)?.toISOString()).toBe(latest);
    for (const bad of ['2026-05-01T12:00:00Z', '2020-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'soon']) {
      expect(() => expiryOf(bad, now), bad).toThrow(
        expect.objectContaining({
          code: ResultCode.ValidationFailed,
          details: expect.objectContaining({ field: 'expiresAt' }),
        }),
      );
    }
  });

  it('keeps its scopes once each, in one order', () => {
    expect(canonicalScopes(['tiles', 'read', 'tiles'])).toEqual(['read', 'tiles']);
    expect(canonicalScopes(['order', 'write', 'read', 'tiles'])).toEqual(['read', 'write', 'order', 'tiles']);
    expect(canonicalScopes(['admin'])).toEqual([]);
  });
});

describe('which routes a key opens', () => {
  it('reads the scope from the route: its mark, tiles for tile routes, none otherwise', () => {
    expect(scopeOf({ scope: 'order' })).toBe('order');
    expect(scopeOf({ tiles: true })).toBe('tiles');
    expect(scopeOf({ tiles: true, scope: 'read' })).toBe('read');
    expect(scopeOf({})).toBeUndefined();
    expect(scopeOf(undefined)).toBeUndefined();
  });

  it('refuses the account routes and unmarked routes to every key, and a missing scope by name', () => {
    const all = ['read', 'write', 'order', 'tiles'] as const;
    expect(apiKeyRefusal('account', all)).toMatchObject({
      code: ResultCode.ApiKeyNotAllowed,
      messageKey: 'apiKey.notAllowed',
    });
    expect(apiKeyRefusal(undefined, all)).toMatchObject({ code: ResultCode.ApiKeyNotAllowed });
    expect(apiKeyRefusal('order', ['read', 'write'])).toMatchObject({
      code: ResultCode.ApiKeyScopeMissing,
      messageKey: 'apiKey.scopeMissing',
      details: { params: { scope: 'order' } },
    });
    expect(apiKeyRefusal('read', ['read'])).toBeUndefined();
    expect(apiKeyRefusal('tiles', all)).toBeUndefined();
  });
});
