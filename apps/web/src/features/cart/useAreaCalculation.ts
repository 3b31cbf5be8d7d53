import type { AreaCalculationRequest, AreaCalculationResponse } from '@satportal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/context';
import type { ApiError } from '../../api/errors';
import { type AreaOptions, areaCalculationKey, areaCalculationRequest } from './areaCalculation';
import { useCartStore } from './cartStore';

/** Clicking through a list of checkboxes asks once, after the last click. */
export const areaCalculationDebounceMs = 400;

/** `value` once it has stayed the same for `ms` (compared as text, so an equal new object does not restart it). */
function useSettled<T>(value: T, ms: number): T {
  const text = JSON.stringify(value);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}

export interface AreaCalculation {
  /** The answer for the cart as it is (or was a moment ago, while the next answer comes); null for an empty cart. */
  response: AreaCalculationResponse | null;
  /** True while the cart has changed and its answer is not in yet. */
  calculating: boolean;
  error: ApiError | null;
  /** The request the answer belongs to (the order dialog orders what it priced). */
  request: AreaCalculationRequest;
}

/**
 * The cart's area calculation (spec 000 §7), a query keyed by the cart's content and the options:
 * the cart box asks with `{ clipping: false }`, the order dialog with its clipping and levels. No
 * call is made for an empty cart (spec 000 §5): its figures are zero at once.
 */
export function useAreaCalculation(options: AreaOptions, enabled = true): AreaCalculation {
  const api = useApi();
  const scenes = useCartStore((s) => s.scenes);
  const search = useCartStore((s) => s.search);
  const { clipping, levels, isQualityTesting } = options;
  const request = useMemo(
    () => areaCalculationRequest([...scenes.keys()], search, { clipping, levels, isQualityTesting }),
    [scenes, search, clipping, levels, isQualityTesting],
  );
  const settled = useSettled(request, areaCalculationDebounceMs);
  const empty = scenes.size === 0;
  const query = useQuery({
    queryKey: areaCalculationKey(settled),
    queryFn: ({ signal }) => api.areaCalculation(settled, { signal }),
    enabled: enabled && !empty && settled.ipr.ips.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const waiting = JSON.stringify(settled) !== JSON.stringify(request);
  return {
    response: empty ? null : (query.data ?? null),
    calculating: !empty && (waiting || query.isFetching),
    error: empty || waiting ? null : ((query.error as ApiError | null) ?? null),
    request,
  };
}
