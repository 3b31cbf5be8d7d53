import { useCallback } from 'react';
import { PanelId } from '../../shared/panelStore';
import { idParam } from '../../shared/place/place';
import { usePanelParams } from '../../shared/place/usePanelParams';
import { OrderDetailView } from './OrderDetailView';
import { OrderList } from './OrderList';
import { orderFilterOf, orderFilterParams } from './orderCentre';

/**
 * Order centre (panel 4, spec 001 §2): the list by tab, tag and search, and one order's detail as
 * a view inside the panel with a way back. Both are in the address bar (issue 28 #6): an order
 * opened is a step Back returns from, a filter changes the step it is on, a reload or a link
 * opens the same; the filter is kept while a detail is open.
 */
export default function OrderCentrePanel() {
  const [params, setParams] = usePanelParams(PanelId.OrderCentre);
  const filter = orderFilterOf(params);
  const openOrder = idParam(params.order);
  // Not there (another account's, an unknown id): no step to come Back to.
  const dropMissing = useCallback(() => setParams({ order: null }, { replace: true }), [setParams]);
  return openOrder === null ? (
    <OrderList
      filter={filter}
      onFilter={(next) => setParams(orderFilterParams(next))}
      onOpen={(id) => setParams({ order: String(id) })}
    />
  ) : (
    <OrderDetailView id={openOrder} onBack={() => setParams({ order: null })} onMissing={dropMissing} />
  );
}
