import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { messagePartsPlugin } from './messageParts.plugin';
import { precompressPlugin } from './precompress.plugin';

// Build from this folder whatever the working directory, so `npx vite build apps/web` and
// `npm run build -w apps/web` give the same result.
const root = new URL('.', import.meta.url).pathname;

export default defineConfig(({ mode }) => {
  /** The Satportal server (apps/server); SATPORTAL_API_URL points the dev server elsewhere. */
  const apiTarget = loadEnv(mode, root, 'SATPORTAL_').SATPORTAL_API_URL || 'http://127.0.0.1:8080';
  /** The API, and /config.js: the server writes the browser's public configuration there. */
  const proxy = {
    '/api': { target: apiTarget },
    '/config.js': { target: apiTarget },
  };

  return {
    root,
    plugins: [react(), messagePartsPlugin(root), precompressPlugin()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // The Natural Earth TopoJSON must stay a separate file fetched by the map, never inlined.
      assetsInlineLimit: 4096,
      rolldownOptions: {
        // The contract's TypeBox schemas (`Type.Object(…)` at module level) serve the server; the
        // browser uses the constants beside them. Calls of `Type` are pure, so unused schemas drop
        // out of the bundle instead of bringing TypeBox into the workspace's first load.
        treeshake: {
          // The contract's own schema helpers (`Id()`, `SingleLineText()`, `ListOf()` …) only build schemas too.
          manualPureFunctions: [
            'Type',
            'Id',
            'Int32',
            'SingleLineText',
            'MultiLineText',
            'ListOf',
            'Envelope',
          ],
          moduleSideEffects: [
            { test: /node_modules\/@rc-component\/(form|async-validator)\//, sideEffects: false },
          ],
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  };
});
