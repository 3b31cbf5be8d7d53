import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { createObjectStore, type ObjectStore } from './index';
import { objectStoreContract } from './object-store.contract';

// A real S3-compatible server in-process (s3rver: the S3 REST API over a folder), on a free port.
const bucket = 'satportal-test';
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: mkdtempSync(join(tmpdir(), 's3rver-')),
  configureBuckets: [{ name: bucket }],
});
let store: ObjectStore | undefined;

beforeAll(async () => {
  const { port } = await server.run();
  store = createObjectStore({
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    // s3rver's fixed development credentials
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(() => server.close());

objectStoreContract('S3-compatible (s3rver)', () => store!);
