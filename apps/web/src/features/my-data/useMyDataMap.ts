import type { MyDataScene } from '@satportal/contract';
import { useEffect } from 'react';
import { useMapController } from '../../map/react/mapControllerContext';
import { analysisRingsOf, shownInSelection, swipeGroupsOf } from './myData';
import { useMyDataStore } from './myDataStore';

const nothing = { layers: [], outlines: [] };

/**
 * Draws the panel's state on the map: in selection the scenes in view and both lists' outlines;
 * in analysis the swipe (left list left of the divider, right list right), outlines hidden. The
 * panel closing takes its imagery off the map; the lists stay for its next opening.
 */
export function useMyDataMap(listed: readonly MyDataScene[]) {
  const controller = useMapController();
  const mode = useMyDataStore((s) => s.mode);
  const left = useMyDataStore((s) => s.left);
  const right = useMyDataStore((s) => s.right);
  const inView = useMyDataStore((s) => s.inView);

  useEffect(() => {
    if (!controller) return;
    if (mode === 'analysis') {
      controller.showMyData(nothing);
      const groups = swipeGroupsOf({ left, right });
      controller.startSwipe(groups.left, groups.right);
    } else {
      controller.endSwipe();
      controller.showMyData(shownInSelection({ left, right, inView }, listed));
    }
  }, [controller, mode, left, right, inView, listed]);

  // Starting analysis brings the compared scenes into view, clear of the panels (issue 28 #4: the
  // map stayed where selection left it, often the world, with the scenes as dots). The lists are
  // fixed while analysing, so this runs once per start.
  useEffect(() => {
    if (controller && mode === 'analysis') controller.fitRings(analysisRingsOf({ left, right }));
  }, [controller, mode, left, right]);

  useEffect(
    () => () => {
      controller?.endSwipe();
      controller?.showMyData(nothing);
    },
    [controller],
  );
}
