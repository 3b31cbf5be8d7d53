import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser fetches: compressed 3–10× (the build's JavaScript alone is ~1.3 MB as is). */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) copy beside every compressible file of the
 * build from 1 KiB up: compressed once here at full strength instead of on every request, and
 * sent as they are by the server (`@fastify/static` `preCompressed`). Issue 29: the map route's
 * first load is ~390 KiB gzipped but was sent as ~1.3 MB.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'satportal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && compressible.test(e.name))
        .map((e) => join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
