import { LaterEmptyState } from '../../shared/ui/LaterEmptyState';

/** POI centre (panel 2): points of interest arrive with their issue. */
export default function PoiCentrePanel() {
  return <LaterEmptyState />;
}
