import type { AoiExportFormat, AoiNode } from '@satportal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import type { TranslationKey } from '../../i18n/keys';
import { useMapController } from '../../map/react/mapControllerContext';
import { saveFile } from '../../shared/download';
import { useToast } from '../../shared/ui/toast';
import { allPages } from './tree';

/** True when the change went through, false when it failed (the client has already said why). */
export const succeeded = (work: Promise<unknown>): Promise<boolean> =>
  work.then(
    () => true,
    () => false,
  );

/**
 * One of the user's two lists, flat, parents first: "My AOIs" with its folders and AOIs (type 1,
 * spec 001 §7 aoi list) or "My POIs" with its POIs (type 2). Asked again whenever a panel or
 * dialog showing it opens: another tab or client may have changed it.
 */
function useAreaList(type: 1 | 2) {
  const api = useApi();
  return useQuery({
    queryKey: type === 1 ? queryKeys.aoiTree : queryKeys.poiList,
    queryFn: () => allPages((start) => api.aois(type, start)),
    refetchOnMount: 'always',
  });
}

export const useAoiTree = () => useAreaList(1);
export const usePoiList = () => useAreaList(2);

/** A translated message whose parameters may themselves be keys (a failure's reason). */
export function useMessageText() {
  const { t, i18n } = useTranslation();
  return (key: string, params: Record<string, string | number> = {}) => {
    const translated = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'string' && /^[a-z]+\.\w+$/.test(value) && i18n.exists(value)
          ? t(value as TranslationKey)
          : value,
      ]),
    );
    return t(key as TranslationKey, translated);
  };
}

/**
 * The changes of the AOI and POI centres. Each refreshes both lists and says so; a failure has
 * already been told by the API client (its message key translated) and changes nothing here.
 */
export function useAreaChanges() {
  const api = useApi();
  const queryClient = useQueryClient();
  const controller = useMapController();
  const message = useToast();
  const { t } = useTranslation();

  const done = (key: TranslationKey) => async () => {
    void message.success(t(key));
    await queryClient.invalidateQueries({ queryKey: queryKeys.aois });
  };

  const createFolder = useMutation({
    mutationFn: ({ parentId, name }: { parentId: number; name: string }) =>
      api.addAoi({ hasGeo: false, name: name.trim(), parentId }),
    onSuccess: done('createdOK'),
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => api.renameAoi(id, name.trim()),
    onSuccess: done('saveOK'),
  });
  const move = useMutation({
    mutationFn: ({ id, parentId }: { id: number; parentId: number }) => api.moveAoi(id, parentId),
    onSuccess: done('moveOK'),
  });
  const remove = useMutation({
    /** `removed`: every id going, folders' content included, so the map forgets them too. */
    mutationFn: ({ ids }: { ids: readonly number[]; removed: readonly number[] }) => api.deleteAois(ids),
    onSuccess: async (_data, { removed }) => {
      for (const id of removed) {
        controller?.hideSavedArea(id);
        controller?.hidePoi(id);
      }
      await done('delOK')();
    },
  });
  const exportFile = useMutation({
    mutationFn: ({ ids, format }: { ids: readonly number[]; format: AoiExportFormat }) =>
      api.exportAois(ids, format),
    onSuccess: (file) => {
      saveFile(file.blob, file.fileName);
      void message.success(t('exportOK'));
    },
  });

  return { createFolder, rename, move, remove, exportFile };
}

/**
 * Show a saved AOI on the map (its geometry is fetched: the tree has none). Without geometry:
 * common.dataError; already on the map: tip.alreadyAdded (spec 001 §2).
 */
export function useViewArea() {
  const api = useApi();
  const queryClient = useQueryClient();
  const controller = useMapController();
  const message = useToast();
  const { t } = useTranslation();

  const viewAoi = async (node: Pick<AoiNode, 'id' | 'name'>) => {
    if (!controller) return;
    if (controller.isSavedAreaShown(node.id)) {
      void message.info(t('tip.alreadyAdded'));
      return;
    }
    const full = await queryClient
      .fetchQuery({ queryKey: queryKeys.aoi(node.id), queryFn: () => api.aoi(node.id) })
      .catch(() => null);
    if (!full) return; // the client has said why
    if (!full.geometry) {
      void message.error(t('common.dataError'));
      return;
    }
    const outcome = controller.showSavedArea({
      id: node.id,
      name: node.name,
      geojson: full.geometry.geojson,
    });
    if (outcome === 'alreadyShown') void message.info(t('tip.alreadyAdded'));
  };

  const viewPoi = (node: AoiNode) => {
    const geojson = node.geometry?.geojson;
    if (!controller) return;
    if (geojson?.type !== 'Point') {
      void message.error(t('common.dataError'));
      return;
    }
    const [lon = 0, lat = 0] = geojson.coordinates;
    controller.showPoi({ id: node.id, name: node.name, lat, lon });
  };

  return { viewAoi, viewPoi, mapReady: controller !== null };
}
