// Entry of the upload worker threads (started by upload-pool.ts through piscina). Node runs no
// TypeScript in a worker by itself, and a worker gets neither the hooks of `node --import tsx`
// in time for its entry file nor vitest's transform: the worker loads its TypeScript through
// tsx's API, the same way under `node --import tsx` (npm start, the CLI, benches) and vitest
// (as db/embedded-worker-entry.mjs does).
import { tsImport } from 'tsx/esm/api';

const { readUpload } = await tsImport('./upload-worker.ts', import.meta.url);

export default readUpload;
