import { ResultCode } from '@satportal/contract';
import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import {
  api,
  expectRefused,
  fixture,
  storedBy,
  treeCalls,
  unitSquare,
  unitSquareOpen,
  upload,
} from './test-helpers';

// An upload lands in a new folder named after its file (issue 18), made in the transaction that
// stores the file's AOIs.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const { newUser, tree, rootOf, addFolder, addAoi } = treeCalls(() => h);

type Node = { id: number; name: string; parentId: number; kind: string };
const childrenOf = (nodes: Node[], id: number) => nodes.filter((n) => n.parentId === id);

describe('the folder of an upload', () => {
  it('holds the 40 AOIs of senate.zip, under the folder chosen, and is answered by id', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const imports = await addFolder(token, 'Imports', root.id);
    const r = await upload(h, token, 'senate.zip', fixture('shapefile', 'senate.zip'), {
      aoiParentId: String(imports),
      poiParentId: '-1',
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    const folderId = r.body.data.folderId as number;
    expect(folderId).toEqual(expect.any(Number));

    const nodes: Node[] = await tree(token);
    expect(nodes.find((n) => n.id === folderId)).toMatchObject({
      name: 'senate',
      kind: 'folder',
      parentId: imports,
    });
    const inFolder = childrenOf(nodes, folderId);
    expect(inFolder).toHaveLength(40);
    expect(inFolder.every((n) => n.kind === 'aoi')).toBe(true);
    expect(inFolder.map((n) => n.id).sort()).toEqual([...r.body.data.aoiIds].sort());
    expect(childrenOf(nodes, imports).map((n) => n.name)).toEqual(['senate']);
    expect(childrenOf(nodes, root.id).map((n) => n.name)).toEqual(['Imports']);
  });

  it('is made for a single AOI too, into "My AOIs" by default', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const r = await upload(h, token, 'polygon.kml', fixture('kml', 'polygon.kml'));
    expect(r.body.data.aoiCount).toBe(1);
    const folderId = r.body.data.folderId;
    expect(r.body.data.onlyOneAoi.parentId).toBe(folderId);
    const nodes: Node[] = await tree(token);
    expect(nodes.find((n) => n.id === folderId)).toMatchObject({ name: 'polygon', parentId: root.id });
  });

  it('takes a name not yet used among its siblings: "(2)", "(3)" …', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    await addAoi(token, 'qgis (2)', root.id);
    const kml = fixture('shapefile', 'qgis.zip');
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await upload(h, token, 'qgis.zip', kml);
      const nodes: Node[] = await tree(token);
      names.push(nodes.find((n) => n.id === r.body.data.folderId)?.name ?? '');
    }
    // "qgis (2)" is an AOI's name already: a folder's name must differ from every sibling's
    expect(names).toEqual(['qgis', 'qgis (3)', 'qgis (4)']);
    // in another folder the plain name is free again
    const other = await addFolder(token, 'Other', root.id);
    const r = await upload(h, token, 'qgis.zip', kml, { aoiParentId: String(other), poiParentId: '-1' });
    expect((await tree(token)).find((n: Node) => n.id === r.body.data.folderId)?.name).toBe('qgis');
  });

  it('is not made when the file holds only POIs: they stay in "My POIs"', async () => {
    const token = await newUser();
    const before: Node[] = await tree(token);
    const r = await upload(h, token, 'twopoints.kml', fixture('kml', 'twopoints.kml'));
    expect(r.body.data).toMatchObject({ poiCount: 2, folderId: null });
    expect(await tree(token)).toEqual(before);
    const pois: Node[] = await tree(token, 2);
    expect(childrenOf(pois, pois[0]?.id as number)).toHaveLength(2);
  });

  it('holds the AOIs of a mixed file while its POIs go to "My POIs"', async () => {
    const token = await newUser();
    const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry });
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({ type: 'Polygon', coordinates: [unitSquare] }),
        feature({ type: 'Point', coordinates: [116.4, 39.9] }),
      ],
    });
    const r = await upload(h, token, 'mixed.geojson', strToU8(file));
    expect(r.body.data).toMatchObject({ aoiCount: 1, poiCount: 1, folderId: expect.any(Number) });
    const pois: Node[] = await tree(token, 2);
    expect(pois.find((n) => n.id === r.body.data.poiIds[0])?.parentId).toBe(pois[0]?.id);
    expect((await tree(token)).find((n: Node) => n.id === r.body.data.aoiIds[0])?.parentId).toBe(
      r.body.data.folderId,
    );
  });

  it('is not left behind by a refused file', async () => {
    const { token, userId } = await h.signedIn();
    await api(h, 'GET', '/aois', token);
    const before = await storedBy(h, userId);
    const open = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [unitSquareOpen] } },
      ],
    });
    expectRefused(await upload(h, token, 'open.geojson', strToU8(open)), 'upload.allFailed');
    expectRefused(await upload(h, token, 'bad.kml', fixture('kml', 'bad.kml')), 'upload.allFailed');
    expect(await storedBy(h, userId)).toEqual(before);
  });

  it("refuses another user's folder as the target and makes no folder anywhere", async () => {
    const alice = await h.signedIn();
    const bob = await h.signedIn();
    const aliceFolder = await addFolder(alice.token, 'Alice folder', (await rootOf(alice.token)).id);
    await rootOf(bob.token);
    const aliceBefore = await storedBy(h, alice.userId);
    const bobBefore = await storedBy(h, bob.userId);
    const r = await upload(h, bob.token, 'polygon.kml', fixture('kml', 'polygon.kml'), {
      aoiParentId: String(aliceFolder),
      poiParentId: '-1',
    });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: ResultCode.NotFound, data: { field: 'aoiParentId' } });
    expect(await storedBy(h, alice.userId)).toEqual(aliceBefore);
    expect(await storedBy(h, bob.userId)).toEqual(bobBefore);
  });
});
