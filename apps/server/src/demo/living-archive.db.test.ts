import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConstellation } from '../modules/catalogue/constellation';
import { generateArchive } from '../modules/simulator/archive-generation';
import { simulateScenes } from '../modules/simulator/simulator';
import { elementsLookupFromSets } from '../modules/simulator/tle-elements';
import { type Harness, startHarness } from '../test/harness';
import { demoArchiveWindow, ensureDemoArchive } from './demo-archive';
import {
  extendLivingArchive,
  type LivingArchiveExtension,
  startLivingArchive,
  upcomingScenes,
} from './living-archive';

/**
 * The living archive against the real scene store and trigger: extensions in pieces (a downtime
 * caught up day by day) give exactly the scenes of one generation over the whole window, two runs
 * at once write each scene once and move the reach once, every new scene is noted as an arrival
 * once, and an archive made before the living archive gets the row its generation implies.
 * Windows lie in 2027, where no other test file writes scenes.
 */
let h: Harness;
const hour = 3_600_000;
const day = 24 * hour;

// The scenes these tests add are real land scenes of real satellites, around now too: left in the
// shared database, they could match other test files' subscriptions. Test files run one after
// another, so every simulated scene written since this file began is one of these.

let startedAt: Date;

beforeAll(async () => {
  h = await startHarness();
  startedAt = (await h.pool.query('SELECT now() AS t')).rows[0].t;
  // registered after the harness's own, so it runs before the harness closes its pool
  afterAll(async () => {
    await h.pool.query(`DELETE FROM scenes WHERE provenance = 'simulated' AND created_at >= $1`, [startedAt]);
    await h.pool.query('DELETE FROM living_archive');
  });
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(new URL('../../../../data/tle', import.meta.url).pathname);
});

const deps = () => ({
  archiveGeneration: h.services.archiveGeneration,
  livingArchive: h.services.livingArchive,
});

async function setRow(simulatedTo: Date, density = 0.02, seed = 1) {
  await h.pool.query('DELETE FROM living_archive');
  await h.pool.query('INSERT INTO living_archive (density, seed, simulated_to) VALUES ($1, $2, $3)', [
    density,
    seed,
    simulatedTo,
  ]);
}

/** The scenes of one generation over the whole window, simulated without the database. */
async function wholeWindow(from: Date, to: Date, density = 0.02, seed = 1) {
  const g = h.services.archiveGeneration;
  const ids: string[] = [];
  for await (const batch of simulateScenes({
    satellites: await g.satellites(),
    elementsFor: elementsLookupFromSets(await g.elementSets()),
    from,
    to,
    density,
    seed,
  }))
    for (const s of batch) ids.push(s.id);
  return ids;
}

const storedIds = async (from: Date, to: Date) =>
  (
    await h.pool.query<{ id: string }>(
      `SELECT id FROM scenes WHERE provenance = 'simulated' AND acquired_at >= $1 AND acquired_at < $2
          AND satellite_id IN (SELECT id FROM satellites) ORDER BY id`,
      [from, to],
    )
  ).rows.map((r) => r.id);

const arrivalsOf = async (ids: string[]) =>
  (await h.pool.query('SELECT count(*)::int AS n FROM scene_arrivals WHERE scene_id = ANY($1)', [ids]))
    .rows[0].n as number;

const reach = async () => (await h.services.livingArchive.state())?.simulatedTo.toISOString();

describe('living archive', () => {
  it('catches up a downtime day by day with exactly the scenes of one generation over the window', async () => {
    const from = new Date('2027-08-10T05:17:00Z');
    const until = new Date(from.getTime() + 2.5 * day);
    await setRow(from);
    const expected = await wholeWindow(from, until);
    expect(expected.length).toBeGreaterThan(100);

    // what `archive upcoming` shows is what the extension then adds
    expect((await upcomingScenes(deps(), until)).map((s) => s.id).sort()).toEqual([...expected].sort());

    const extension = await extendLivingArchive(deps(), { until });
    expect(extension).toEqual({ from, to: until, inserted: expected.length });
    expect(await reach()).toBe(until.toISOString());
    // no gap, no duplicate: the same ids, each once (ids are the primary key)
    expect(await storedIds(from, until)).toEqual([...expected].sort());
    expect(await arrivalsOf(expected)).toBe(expected.length);

    // a later run finds nothing to do and writes nothing
    const arrivedAt = (await h.pool.query('SELECT max(arrived_at) AS t FROM scene_arrivals')).rows[0].t;
    expect(await extendLivingArchive(deps(), { until })).toEqual({ from: until, to: until, inserted: 0 });
    expect((await h.pool.query('SELECT max(arrived_at) AS t FROM scene_arrivals')).rows[0].t).toEqual(
      arrivedAt,
    );
  });

  it('lets two runs at once write each scene once and move the reach once', async () => {
    const from = new Date('2027-08-20T00:00:00Z');
    const until = new Date(from.getTime() + 1.25 * day);
    await setRow(from);
    const expected = await wholeWindow(from, until);
    const moves: string[] = [];
    const repository = h.services.livingArchive;
    // the compare-and-set as both runs call it, recording which moves took effect
    const watched = {
      ...deps(),
      livingArchive: Object.assign(Object.create(repository), {
        advance: async (a: Date, b: Date) => {
          const moved = await repository.advance(a, b);
          if (moved) moves.push(`${a.toISOString()}→${b.toISOString()}`);
          return moved;
        },
      }),
    };
    const runs = await Promise.all([
      extendLivingArchive(watched, { until }),
      extendLivingArchive(watched, { until }),
    ]);
    expect(runs.map((r) => r?.to.toISOString())).toEqual([until.toISOString(), until.toISOString()]);
    expect(runs.reduce((n, r) => n + r!.inserted, 0)).toBe(expected.length);
    expect(await storedIds(from, until)).toEqual([...expected].sort());
    expect(await arrivalsOf(expected)).toBe(expected.length);
    // two pieces (a day, then six hours), each moved by one run only
    expect(moves).toEqual([
      `${from.toISOString()}→${new Date(from.getTime() + day).toISOString()}`,
      `${new Date(from.getTime() + day).toISOString()}→${until.toISOString()}`,
    ]);
    expect(await repository.advance(from, until)).toBe(false);
  });

  it('does nothing without a row', async () => {
    await h.pool.query('DELETE FROM living_archive');
    expect(await extendLivingArchive(deps(), { until: new Date('2027-09-01T00:00:00Z') })).toBeNull();
    expect(await upcomingScenes(deps(), new Date('2027-09-01T00:00:00Z'))).toEqual([]);
  });

  it('derives the row of an archive generated before it, and goes on with no changed or new scene for the covered window', async () => {
    const now = new Date('2027-10-01T09:30:00Z');
    const window = demoArchiveWindow(now);
    expect(window.to.toISOString()).toBe('2027-10-01T00:00:00.000Z');
    // about 9 scenes a day (the demo's 210,000 make 190): the window's last day has scenes, which
    // is what the derivation reads its end from
    const targetCount = 10_000;
    // the generation of the demo's first start before the living archive existed
    const old = await generateArchive(h.services.archiveGeneration, { ...window, targetCount });
    expect(old.written).toBeGreaterThan(5_000);
    await h.pool.query('DELETE FROM living_archive');

    await ensureDemoArchive(h.services, targetCount, () => {}, now);
    const row = await h.services.livingArchive.state();
    expect(row).toEqual({ density: old.density, seed: 1, simulatedTo: window.to });

    // the covered window again with the row's density and seed: not a scene new or changed
    const lastDay = { from: new Date(window.to.getTime() - 3 * day), to: window.to };
    const again = await generateArchive(h.services.archiveGeneration, {
      ...lastDay,
      density: row!.density,
      seed: row!.seed,
    });
    expect(again.written).toBeGreaterThan(0);
    expect(again).toMatchObject({ inserted: 0, updated: 0 });

    const before = await storedIds(lastDay.from, window.to);
    const until = new Date(window.to.getTime() + 12 * hour);
    const extension = await extendLivingArchive(deps(), { until });
    const expected = await wholeWindow(window.to, until, old.density);
    expect(extension).toEqual({ from: window.to, to: until, inserted: expected.length });
    expect(await storedIds(lastDay.from, window.to)).toEqual(before);
    expect(await storedIds(window.to, until)).toEqual([...expected].sort());

    // a later start finds the row and leaves it
    await ensureDemoArchive(h.services, targetCount, () => {}, new Date('2027-12-01T00:00:00Z'));
    expect(await reach()).toBe(until.toISOString());
  });

  it('notes the reach, density and seed of the archive a first start generates', async () => {
    await h.pool.query('DELETE FROM living_archive');
    // The shared database holds other files' simulated scenes: the count says "none yet", as on a
    // first start; everything else is the real store. Later than the derived case's window, so
    // that case (above) still finds its own newest scene.
    const firstStart = {
      ...h.services,
      scenesRepository: {
        countByProvenance: async () => ({ real: 0, simulated: 0 }),
      } as unknown as typeof h.services.scenesRepository,
    };
    const said: string[] = [];
    const now = new Date('2028-02-10T12:00:00Z');
    await ensureDemoArchive(firstStart, 4000, (m) => said.push(m), now);
    expect(said.at(-1)).toMatch(/^simulated archive: [\d,]+ scenes in \d+ s$/);
    const row = await h.services.livingArchive.state();
    expect(row).toMatchObject({ seed: 1, simulatedTo: new Date('2028-02-10T00:00:00Z') });

    // the row's density and seed are those the archive was made with: its last days again with
    // them write the very same scenes, none new, none changed
    const lastDays = { from: new Date('2028-02-07T00:00:00Z'), to: row!.simulatedTo };
    const again = await generateArchive(h.services.archiveGeneration, {
      ...lastDays,
      density: row!.density,
      seed: row!.seed,
    });
    expect(again.written).toBeGreaterThan(0);
    expect(again).toMatchObject({ inserted: 0, updated: 0 });
    expect(await storedIds(lastDays.from, lastDays.to)).toEqual(
      await wholeWindow(lastDays.from, lastDays.to, row!.density).then((ids) => ids.sort()),
    );
  });

  it('is ready after the newest days and fills the rest back in the background, going on after a kill where it stopped (issue 28 #9)', async () => {
    await h.pool.query('DELETE FROM living_archive');
    // The other cases' scenes go (their windows overlap this one); what this case writes is told
    // apart by its creation time.
    await h.pool.query(`DELETE FROM scenes WHERE provenance = 'simulated' AND created_at >= $1`, [startedAt]);
    const caseStarted: Date = (await h.pool.query('SELECT now() AS t')).rows[0].t;
    const now = new Date('2027-06-10T12:00:00Z');
    const window = demoArchiveWindow(now);
    const first = (generation: typeof h.services.archiveGeneration) => ({
      ...h.services,
      archiveGeneration: generation,
      scenesRepository: {
        countByProvenance: async () => ({ real: 0, simulated: 0 }),
      } as unknown as typeof h.services.scenesRepository,
    });
    // The process dies in the middle of its first slice in the background (after the density and
    // the newest days): half of a batch written, then nothing.
    let slicesStarted = 0;
    const dying = {
      ...h.services.archiveGeneration,
      satellites: () => {
        slicesStarted++;
        return h.services.archiveGeneration.satellites();
      },
      upsertScenes: async (scenes: Parameters<typeof h.services.archiveGeneration.upsertScenes>[0]) => {
        if (slicesStarted < 3) return h.services.archiveGeneration.upsertScenes(scenes);
        await h.services.archiveGeneration.upsertScenes(scenes.slice(0, Math.ceil(scenes.length / 2)));
        throw new Error('killed');
      },
    };
    const said: string[] = [];
    const filling = await ensureDemoArchive(first(dying), 4000, (m) => said.push(m), now, {
      background: true,
    });
    // Ready: the newest days are there, the rest is under way.
    const ready = await h.services.livingArchive.state();
    expect(ready).toMatchObject({ simulatedTo: window.to, windowStart: window.from });
    expect(ready?.filledFrom?.getTime()).toBeLessThanOrEqual(window.to.getTime() - 7 * day);
    const newest = await storedIds(new Date(window.to.getTime() - 7 * day), window.to);
    expect(newest.length).toBeGreaterThan(0);
    await filling?.done;
    expect(said.some((m) => m.includes('filling stopped (killed)'))).toBe(true);
    const stoppedAt = (await h.services.livingArchive.state())?.filledFrom;
    expect(stoppedAt?.getTime()).toBeGreaterThan(window.from.getTime());
    // The rest of three years would reach into other files' days (2024 and on): the window is
    // made to start 90 days back, which is all the next start then has to fill.
    const start = new Date(window.to.getTime() - 90 * day);
    await h.pool.query('UPDATE living_archive SET window_start = $1', [start]);

    // The next start goes on from the mark (the slice under way again) to the window's start.
    const again = await ensureDemoArchive(
      first(h.services.archiveGeneration),
      4000,
      (m) => said.push(m),
      now,
      {
        background: true,
      },
    );
    await again?.done;
    const whole = await h.services.livingArchive.state();
    expect(whole).toEqual({ density: ready!.density, seed: 1, simulatedTo: window.to });
    expect(said.at(-1)).toMatch(/^simulated archive: whole \(three years\) after \d+ s$/);
    expect(
      said.some((m) =>
        /^simulated archive: filled back to \d{4}-\d{2}-\d{2} \(\d+ % of three years\)$/.test(m),
      ),
    ).toBe(true);
    // Exactly the scenes one generation over the whole window makes: none missing, none extra.
    const expected = new Set(await wholeWindow(start, window.to, ready!.density));
    const stored = new Set(await storedIds(start, window.to));
    expect([...expected].filter((id) => !stored.has(id))).toEqual([]);
    const written = await h.pool.query<{ id: string }>(
      `SELECT id FROM scenes WHERE provenance = 'simulated' AND created_at >= $1`,
      [caseStarted],
    );
    expect(written.rows.filter((r) => !expected.has(r.id))).toEqual([]);
    expect(written.rows.length).toBe(expected.size);
  });

  it('runs in the server: catches up at once, asks for matching, and stops', async () => {
    const from = new Date(Math.floor((Date.now() - 8 * hour) / hour) * hour);
    await setRow(from);
    const extensions: LivingArchiveExtension[] = [];
    let caughtUp: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      caughtUp = resolve;
    });
    const said: string[] = [];
    const runner = startLivingArchive(
      deps(),
      3600,
      (e) => {
        extensions.push(e);
        caughtUp();
      },
      (m) => said.push(m),
    );
    await done;
    await runner.stop();
    expect(extensions).toHaveLength(1);
    expect(extensions[0]!.from).toEqual(from);
    expect(extensions[0]!.inserted).toBeGreaterThan(0);
    expect(await reach()).toBe(extensions[0]!.to.toISOString());
    expect(said[0]).toMatch(/^living archive: \d+ new scenes up to /);

    // off: no run at all
    await setRow(from);
    const off = startLivingArchive(
      deps(),
      0,
      () => {},
      () => {},
    );
    await off.stop();
    expect(await reach()).toBe(from.toISOString());
  });
});
