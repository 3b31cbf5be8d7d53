import { LaterEmptyState } from '../../shared/ui/LaterEmptyState';

/** Order centre (panel 4): the order list and details arrive with their issue. */
export default function OrderCentrePanel() {
  return <LaterEmptyState />;
}
