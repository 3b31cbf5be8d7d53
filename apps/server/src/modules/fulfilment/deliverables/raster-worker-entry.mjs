// Entry of the deliverables' raster threads (started by raster-pool.ts through piscina). Node
// runs no TypeScript in a worker by itself, and a worker gets neither the hooks of
// `node --import tsx` in time for its entry file nor vitest's transform: the worker loads its
// TypeScript through tsx's API (as aois/files/upload-worker-entry.mjs does).
import { tsImport } from 'tsx/esm/api';

const { produceSceneRaster } = await tsImport('./raster-worker.ts', import.meta.url);

export default produceSceneRaster;
