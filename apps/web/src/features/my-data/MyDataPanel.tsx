import { LaterEmptyState } from '../../shared/ui/LaterEmptyState';

/** My data (panel 3): delivered scenes and the compare roller arrive with their issue. */
export default function MyDataPanel() {
  return <LaterEmptyState />;
}
