import { LaterEmptyState } from '../../shared/ui/LaterEmptyState';

/** AOI centre (panel 0): folders and AOIs arrive with their issue. */
export default function AoiCentrePanel() {
  return <LaterEmptyState />;
}
