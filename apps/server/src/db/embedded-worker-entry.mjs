// Entry of the embedded database's worker thread (started by embedded.ts). Node runs no
// TypeScript in a worker by itself, and a worker does not get the hooks of `node --import tsx`
// in time for its entry file, nor vitest's transform: so the worker loads its TypeScript through
// tsx's API, the same way under `node --import tsx` (npm start, the CLI, benches) and vitest.
import { tsImport } from 'tsx/esm/api';

await tsImport('./embedded-worker.ts', import.meta.url);
