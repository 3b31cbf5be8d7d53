import { useState } from 'react';
import { OrderDetailView } from './OrderDetailView';
import { OrderList } from './OrderList';
import type { OrderFilter } from './useOrders';

/**
 * Order centre (panel 4, spec 001 §2): the list by tab, tag and search, and one order's detail as
 * a view inside the panel with a way back. The filter is kept while a detail is open.
 */
export default function OrderCentrePanel() {
  const [filter, setFilter] = useState<OrderFilter>({ tab: 'all', tag: null, search: '' });
  const [openOrder, setOpenOrder] = useState<number | null>(null);
  return openOrder === null ? (
    <OrderList filter={filter} onFilter={setFilter} onOpen={setOpenOrder} />
  ) : (
    <OrderDetailView id={openOrder} onBack={() => setOpenOrder(null)} />
  );
}
