import { LaterEmptyState } from '../../shared/ui/LaterEmptyState';

/** Subscription centre (panel 6): AOI subscriptions arrive with their issue. */
export default function SubscriptionCentrePanel() {
  return <LaterEmptyState />;
}
