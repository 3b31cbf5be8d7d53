import type { TileKey, TileKeyStatus } from '@satportal/contract';
import type { Principal, TileKeyAuthenticator, TileKeyCheck } from '../../http/types';
import { toUser } from '../accounts/accounts.mapper';
import { TileKeyText } from './tile-key-text';
import type { TileKeysRepository } from './tile-keys.repository';

/**
 * Tile keys (spec 000 §7): tile links that work without the browser session (QGIS), bound to one
 * device at a time, dying after `idleSeconds` unused, revocable. The HTTP layer asks
 * `checkTileKey` on tile routes only.
 */
export class TileKeysService implements TileKeyAuthenticator {
  /** Use is written at most this often per key: not a write per tile. */
  private readonly touchSeconds: number;

  constructor(
    private readonly keys: TileKeysRepository,
    private readonly text: TileKeyText,
    readonly idleSeconds: number,
  ) {
    this.touchSeconds = Math.min(30, idleSeconds / 10);
  }

  /**
   * The caller's key for this device: the same while it lives, a new one replacing another device's.
   * It belongs to the caller's session and ends with it (logout, password change).
   */
  async issue(userId: number, sessionId: number, deviceId: string): Promise<TileKey> {
    const row = await this.keys.issue(userId, sessionId, deviceId, TileKeyText.newKeyId(), this.idleSeconds);
    return {
      key: this.text.sign(userId, row.key_id),
      deviceId: row.device_id,
      idleSeconds: this.idleSeconds,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
    };
  }

  /** The live key's device and use, never the key; null without one. */
  async status(userId: number, deviceId: string | undefined): Promise<TileKeyStatus> {
    const row = await this.keys.live(userId, this.idleSeconds);
    if (!row) return null;
    return {
      deviceId: row.device_id,
      thisDevice: deviceId === row.device_id,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
      idleSeconds: this.idleSeconds,
    };
  }

  /** Ends the user's key at once, whichever session asked for it. */
  revoke(userId: number): Promise<void> {
    return this.keys.revoke(userId);
  }

  async checkTileKey(key: string): Promise<TileKeyCheck> {
    const signed = this.text.read(key);
    if (!signed) return 'invalid';
    const found = await this.keys.lookup(signed.userId, signed.keyId, this.idleSeconds, this.touchSeconds);
    if (found.state === 'unknown') return 'invalid';
    if (found.state === 'expired') return 'expired';
    const principal: Principal = {
      user: toUser(found.user),
      sessionId: 0,
      expiresAt: new Date(Date.now() + this.idleSeconds * 1000),
      byTileKey: true,
    };
    return principal;
  }
}
