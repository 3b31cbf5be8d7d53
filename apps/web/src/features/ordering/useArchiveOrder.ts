import type {
  Aoi,
  AoiEnlargementResponse,
  AreaCalculationRequest,
  OrderRulesQuery,
} from '@satportal/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import type { ApiError } from '../../api/errors';
import { useMapController } from '../../map/react/mapControllerContext';
import { areaCalculationKey, areaCalculationRequest } from '../cart/areaCalculation';
import { useCartStore } from '../cart/cartStore';
import type { OrderChoices, SensorType } from './orderForm';

/**
 * The figures of the archive order dialog: the area calculation at the chosen levels, clipping,
 * quality testing and mode, over the enlarged AOI once there is one (spec 000 §7), and the
 * satellite-group rules of the cart's satellites (orderType 1, productType = sensor type).
 */
export function useArchiveFigures(
  choices: OrderChoices,
  sensorType: SensorType | null,
  enlargedAoi: Aoi | null,
) {
  const api = useApi();
  const scenes = useCartStore((s) => s.scenes);
  const search = useCartStore((s) => s.search);
  const request: AreaCalculationRequest = useMemo(() => {
    const base = areaCalculationRequest([...scenes.keys()], search, {
      clipping: choices.clipping,
      levels: choices.levels,
      isQualityTesting: choices.qualityTesting,
    });
    return {
      ...base,
      isOrderBySceneId: base.isOrderBySceneId && enlargedAoi === null,
      ipr: {
        ...base.ipr,
        process: { ...base.ipr.process, processMode: choices.processMode },
        ...(enlargedAoi ? { aois: [enlargedAoi] } : {}),
      },
    };
  }, [scenes, search, choices, enlargedAoi]);
  const area = useQuery({
    queryKey: areaCalculationKey(request),
    queryFn: ({ signal }) => api.areaCalculation(request, { signal }),
    enabled: scenes.size > 0 && sensorType !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const rulesQuery: OrderRulesQuery | null = useMemo(() => {
    const satIds = [...new Set([...scenes.values()].map((s) => s.satId))].sort((a, b) => a - b);
    return sensorType === null || satIds.length === 0
      ? null
      : { satIds: satIds.join(','), orderType: 1, productType: sensorType };
  }, [scenes, sensorType]);
  const rules = useQuery({
    queryKey: queryKeys.orderRules(rulesQuery ?? { satIds: '' }),
    queryFn: () => api.orderRules(rulesQuery as OrderRulesQuery),
    enabled: rulesQuery !== null,
    staleTime: 5 * 60_000,
  });
  return {
    area: area.data,
    areaError: (area.error as ApiError | null) ?? null,
    calculating: area.isFetching,
    rules: rules.data?.rules ?? [],
  };
}

/**
 * "Enlarge to the minimum" (beyond the spec): the smallest buffer of the search's AOIs that meets
 * every group's minimum, drawn dashed on the map while the dialog is open.
 */
export function useEnlargement(onEnlarged: () => void) {
  const api = useApi();
  const controller = useMapController();
  const scenes = useCartStore((s) => s.scenes);
  const aois = useCartStore((s) => s.search?.aois ?? null);
  const [enlarged, setEnlarged] = useState<AoiEnlargementResponse | null>(null);
  const enlarge = useMutation({
    mutationFn: () =>
      api.aoiEnlargement({
        orderType: 1,
        aois: aois ?? [],
        ips: [...scenes.keys()].map((sceneId) => ({ sceneId })),
      }),
    onSuccess: (answer) => {
      setEnlarged(answer);
      onEnlarged();
    },
  });

  useEffect(() => {
    controller?.showOrderAreas({ enlargedAoi: enlarged ? { geojson: enlarged.aoi } : null });
  }, [controller, enlarged]);
  // The enlarged AOI belongs to the dialog: it leaves the map with it.
  useEffect(() => () => controller?.showOrderAreas({ enlargedAoi: null }), [controller]);

  return {
    /** The search's AOIs exist (a scene-id search has none to enlarge). */
    possible: aois !== null && aois.length > 0,
    enlarged,
    enlarging: enlarge.isPending,
    error: (enlarge.error as ApiError | null) ?? null,
    enlarge: () => enlarge.mutate(),
    reset: () => {
      enlarge.reset();
      setEnlarged(null);
    },
  };
}
