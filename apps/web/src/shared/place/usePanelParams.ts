import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PanelId } from '../panelStore';
import { formatPlace, historyStepOf, parsePlace } from './place';

type ParamChange = Readonly<Record<string, string | null>>;

/**
 * A panel's own parameters in the address bar (`panelParams`: the order shown, the list's filter)
 * and their setter. The address bar holds them, not a store: Back and Forward change them and the
 * panel follows. A new detail adds a history entry, a filter replaces it (`historyStepOf`);
 * `replace` forces the latter (a detail that turned out missing).
 */
export function usePanelParams(panel: PanelId) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => {
    const place = parsePlace(location.search);
    return place.panel === panel ? place.inPanel : {};
  }, [location.search, panel]);

  const setParams = useCallback(
    (change: ParamChange, options: { replace?: boolean } = {}) => {
      // From the address bar as it is now, not as it was at the last render: two changes in one
      // event both land.
      const now = parsePlace(window.location.search);
      const inPanel: Record<string, string> = now.panel === panel ? { ...now.inPanel } : {};
      for (const [name, value] of Object.entries(change)) {
        if (value) inPanel[name] = value;
        else delete inPanel[name];
      }
      const next = { ...now, panel, inPanel };
      const step = historyStepOf(now, next);
      if (!step) return;
      navigate({ search: formatPlace(next) }, { replace: options.replace || step === 'replace' });
    },
    [navigate, panel],
  );

  return [params, setParams] as const;
}
