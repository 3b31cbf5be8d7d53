import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed answers (issue 29 "lighter answers"): a search's first page of 1000 scenes is ~100 KiB
 * of JSON, a STAC page or a capabilities document as much, and they compress 8–15×. Brotli at
 * quality 4 (≈1 ms for 100 KiB, a smaller answer than gzip's 6 in less time) for clients that
 * accept it, else gzip; answers under 1 KiB go as they are. The web application's files are
 * compressed once at build time (`apps/web/precompress.plugin.ts`) and served as such by
 * `@fastify/static`, so this only ever compresses a file the build left without its copies.
 *
 * Never compressed:
 * - routes that count usage (downloads, tiles): their bytes are the file's, a download keeps its
 *   Content-Length (progress, and a resumed download's Range is of those bytes), and their images
 *   and archives do not shrink anyway; Fastify's own rule also leaves every 206 alone;
 * - images and archives on any route (not in mime-db's compressible types).
 * Request bodies are never decompressed: a small gzip body can inflate past the body limit.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads `compress` as each route is added.
  app.addHook('onRoute', (route) => {
    if (route.config?.usage) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
