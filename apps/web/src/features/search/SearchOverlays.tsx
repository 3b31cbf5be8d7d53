import { NoArchiveDialog } from './NoArchiveDialog';
import { ResultsPanel } from './ResultsPanel';
import { SceneIdSearch } from './SceneIdSearch';
import { SceneMapBinding } from './SceneMapBinding';

/** What the archive search puts on the workspace outside its panel: the id box, the result list, the dialog. */
export default function SearchOverlays() {
  return (
    <>
      <SceneIdSearch />
      <ResultsPanel />
      <NoArchiveDialog />
      <SceneMapBinding />
    </>
  );
}
