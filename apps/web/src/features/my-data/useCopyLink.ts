import type { MyDataScene } from '@satportal/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { keyedTileUrl, useTileKeyRequest } from '../../shared/tiles/tileKey';
import { useToast } from '../../shared/ui/toast';
import { type LinkKind, linkPathOf } from './myData';

/**
 * Copies a scene's XYZ template or the WMTS capabilities address with this device's tile key, for
 * QGIS and other clients (spec 000 §2, §7); copy success or "Copy Failed" (§8).
 */
export function useCopyLink(): (scene: MyDataScene, kind: LinkKind) => Promise<void> {
  const { t } = useTranslation();
  const toast = useToast();
  const requestKey = useTileKeyRequest();
  return useCallback(
    async (scene, kind) => {
      try {
        const key = await requestKey();
        await navigator.clipboard.writeText(keyedTileUrl(linkPathOf(scene, kind), key));
        void toast.success(t('myData.copied'));
      } catch {
        void toast.error(t('myData.copyFailed'));
      }
    },
    [requestKey, t, toast],
  );
}
