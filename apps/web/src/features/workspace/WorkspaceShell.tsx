import { lazy, Suspense, useState } from 'react';
import { withLaterMessages } from '../../i18n';
import type { MapController } from '../../map/MapController';
import { MapControllerContext } from '../../map/react/mapControllerContext';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { MapNoticesContext } from '../../shared/ui/MapNotices';
import { useLoginDialogStore } from '../auth/loginDialogStore';
import { useMe } from '../auth/useMe';
import { NoticeHost } from '../notices/NoticeHost';
import { useOrderDialogStore } from '../ordering/orderDialogStore';
import { UploadDialogHost } from '../saved-areas/UploadDialogHost';
import { BaseMapNotice } from './BaseMapNotice';
import { CoordinateSearch } from './CoordinateSearch';
import { CursorPosition } from './CursorPosition';
import { LeftMenu } from './LeftMenu';
import { PanelHost } from './PanelHost';
import { RightToolbar } from './RightToolbar';
import { PlaceSync } from './usePlaceSync';
import styles from './workspace.module.css';

const MapCanvas = lazy(() => import('./MapCanvas'));
// Rarely needed (a 3001 where the spec asks for a dialog): its form code loads only then.
const LoginDialog = lazy(() => import('../auth/LoginDialog'));
// The drawing tips, save-AOI bar and POI popup: needed only once the map (their anchor) exists.
const DrawingLayer = lazy(() => import('../drawing/DrawingLayer'));
// The scene-id box, result list and no-archive dialog of the archive search (its own chunk).
const SearchOverlays = lazy(() => import('../search/SearchOverlays'));
// The order dialogs (confirmation, tasking, success): their forms load when one opens.
const OrderDialogs = lazy(withLaterMessages(() => import('../ordering/OrderDialogs')));

/** The home route: the map with the left menu and its panel, the right tool bar and the readouts. */
export function WorkspaceShell() {
  const [controller, setController] = useState<MapController | null>(null);
  const [noticeColumn, setNoticeColumn] = useState<HTMLElement | null>(null);
  const loginDialogOpen = useLoginDialogStore((s) => s.open);
  const orderDialogOpen = useOrderDialogStore((s) => s.dialog !== null);
  // My data's 3-column list takes more of a wide window (issue 28 #4); --panel-width follows, so
  // every box placed beside the panel moves with it.
  const widePanel = usePanelStore((s) => s.openPanel === PanelId.MyData);
  // Confirm the stored session with the server as the workspace opens.
  useMe();

  return (
    <MapControllerContext.Provider value={controller}>
      <MapNoticesContext.Provider value={noticeColumn}>
        <div className={styles.workspace} data-wide-panel={widePanel || undefined}>
          {/* The open panel and the search in the address bar: Back, Forward, reload, links (issue 28 #6). */}
          <PlaceSync />
          <Suspense fallback={<div className={styles.map} />}>
            <MapCanvas onReady={setController} />
          </Suspense>
          <LeftMenu />
          <PanelHost />
          <CoordinateSearch />
          <RightToolbar />
          <CursorPosition />
          <div className={styles.mapNotices} ref={setNoticeColumn} data-testid="map-notices" />
          <BaseMapNotice />
          {controller && (
            <Suspense>
              <DrawingLayer />
            </Suspense>
          )}
          <Suspense>
            <SearchOverlays />
          </Suspense>
          <UploadDialogHost />
          <NoticeHost />
          {orderDialogOpen && (
            <Suspense>
              <OrderDialogs />
            </Suspense>
          )}
          {loginDialogOpen && (
            <Suspense>
              <LoginDialog />
            </Suspense>
          )}
        </div>
      </MapNoticesContext.Provider>
    </MapControllerContext.Provider>
  );
}
