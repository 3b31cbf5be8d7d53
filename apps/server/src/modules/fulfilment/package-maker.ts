import { type DeliverableScene, makePackage, sceneRasters } from './deliverables';
import type { PackageMaker } from './types';

/** A terms entry's package from the deliverables: the order's stored scenes, level and clip AOI. */
export const deliverablesMaker: PackageMaker = (term, workDir) =>
  makePackage({
    orderNumber: term.orderNumber,
    termsId: term.id,
    level: term.level,
    clipAoi: term.clipAoi,
    // the stored `ips` entries are OrderedScene, which DeliverableScene describes structurally
    scenes: term.scenes as unknown as DeliverableScene[],
    workDir,
  });

/** Ends the raster worker threads (they would keep the process alive after the workers stop). */
export const closeRasterThreads = () => sceneRasters.close();
