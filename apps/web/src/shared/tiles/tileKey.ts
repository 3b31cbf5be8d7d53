import { type TileKey, withTileKey } from '@satportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';

/**
 * Tile keys for links that work outside the browser session (QGIS, other clients). A key is
 * bound to one device (spec 000 §7): this browser's device id is random and kept in local
 * storage, so the same browser asking again gets the same key while it lives, and another
 * browser asking replaces it.
 */
const DeviceIdKey = 'tileDevice';

function randomDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

export function tileDeviceId(storage: Storage = localStorage): string {
  const stored = storage.getItem(DeviceIdKey);
  if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
  const id = randomDeviceId();
  storage.setItem(DeviceIdKey, id);
  return id;
}

/** An absolute URL of a tile path or template with the key, for the clipboard. */
export const keyedTileUrl = (pathOrTemplate: string, key: TileKey, origin = window.location.origin) =>
  `${origin}${withTileKey(pathOrTemplate, key.key)}`;

/**
 * Asks for this device's tile key when a link is wanted (not before: asking replaces another
 * device's key). The answer is not cached here: a key may have idled out since the last copy.
 */
export function useTileKeyRequest(): () => Promise<TileKey> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const key = await api.tileKey(tileDeviceId());
    void queryClient.invalidateQueries({ queryKey: queryKeys.tileKeyStatus });
    return key;
  }, [api, queryClient]);
}
