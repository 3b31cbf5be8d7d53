import { ApiKeyScopes } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { expiresAtOf, expiryChoices, maskedKey, scopeChoices } from './apiKeys';

describe('API key choices', () => {
  it('offers every scope the server knows, in its order', () => {
    expect(scopeChoices.map((c) => c.scope)).toEqual([...ApiKeyScopes]);
  });

  it('turns an expiry choice into an instant from now, or none', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(expiresAtOf(null, now)).toBeNull();
    expect(expiresAtOf(30, now)).toBe('2026-05-31T10:00:00.000Z');
    expect(expiryChoices.map((c) => c.days)).toEqual([null, 30, 90, 365]);
  });

  it('shows only the prefix of a key', () => {
    expect(maskedKey('spk_0a1b2c3d')).toBe('spk_0a1b2c3d_••••••••');
  });
});
