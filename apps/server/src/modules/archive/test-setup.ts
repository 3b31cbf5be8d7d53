import { type ArchiveSearchResponse, ResultCode } from '@satportal/contract';
import { expect } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { loginNewUser, postSearch } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';

// The set-up of the archive search tests (archive.db.test.ts, archive-checks.db.test.ts).

/** A harness with the default constellation seeded and one user signed in. */
export async function startArchiveHarness(): Promise<{ h: Harness; token: string }> {
  const h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  return { h, token: await loginNewUser(h) };
}

/** The data of an archive search that must succeed. */
export async function searchData(
  h: Harness,
  token: string,
  body: unknown,
  sort?: string,
): Promise<ArchiveSearchResponse> {
  const r = await postSearch(h, token, body, sort);
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  return r.body.data;
}
