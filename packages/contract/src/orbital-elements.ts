import { type Static, Type } from 'typebox';

/**
 * How fresh the orbital elements are (issue 28): each satellite's newest element set and its
 * age, and the scheduled refresh from a configured source in CelesTrak's GP formats. Passes are
 * predicted from elements; their error grows with the elements' age, so the tasking panel says
 * how old they are and when they were last refreshed.
 */

export const ElementsFetchOutcomes = ['running', 'ok', 'partial', 'failed'] as const;
export type ElementsFetchOutcome = (typeof ElementsFetchOutcomes)[number];

/** Why a fetch, or one of its sources, did not give elements (the operator CLI has the details). */
export const ElementsFetchProblems = [
  'http',
  'timeout',
  'tooLarge',
  'network',
  'malformed',
  'empty',
  'noCatalogueSatellites',
  'rejected',
  'interrupted',
] as const;
export type ElementsFetchProblem = (typeof ElementsFetchProblems)[number];

export const ElementsFetch = Type.Object({
  startedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'null while the fetch runs',
  }),
  outcome: Type.Enum([...ElementsFetchOutcomes], {
    description:
      'ok: every source gave elements; partial: some did, or some entries were refused; failed: nothing was stored and the previous elements stay in use',
  }),
  problem: Type.Union([Type.Enum([...ElementsFetchProblems]), Type.Null()], {
    description:
      "the first source's problem: http (an answer other than 2xx), timeout, tooLarge (over the size cap), network, malformed (not readable as OMM JSON, OMM CSV or TLE, or more entries refused than read), empty, noCatalogueSatellites, rejected (entries refused: epoch in the future, elements out of range), interrupted (the process ended during the fetch)",
  }),
  stored: Type.Integer({ description: 'element sets new to the database' }),
  satellites: Type.Integer({ description: 'satellites of the catalogue the fetch gave elements for' }),
});
export type ElementsFetch = Static<typeof ElementsFetch>;

export const SatelliteElementsAge = Type.Object({
  satId: Type.Integer(),
  satName: Type.String(),
  noradId: Type.Integer(),
  epoch: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: "the newest element set's epoch; null: no elements (the satellite is not predicted)",
  }),
  ageDays: Type.Union([Type.Number(), Type.Null()], {
    description: 'days from that epoch to now, 1 decimal',
  }),
  origin: Type.Union([Type.Literal('file'), Type.Literal('source'), Type.Null()], {
    description:
      'file: loaded from a TLE file (bundled, or `tle load`); source: fetched from the configured source',
  }),
  fetchedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'when a fetch last delivered this element set',
  }),
});
export type SatelliteElementsAge = Static<typeof SatelliteElementsAge>;

export const OrbitalElementsStatus = Type.Object({
  sourceConfigured: Type.Boolean({
    description:
      'false: no source is configured (an offline install); the elements are those loaded from files',
  }),
  refreshHours: Type.Union([Type.Number(), Type.Null()], {
    description: 'how often the elements are fetched; null without a source',
  }),
  lastRefreshedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'the end of the last fetch that stored elements (ok or partial)',
  }),
  lastFetch: Type.Union([ElementsFetch, Type.Null()], {
    description: 'the last fetch attempt, whatever its outcome',
  }),
  satellites: Type.Array(SatelliteElementsAge, { description: 'every satellite of the catalogue' }),
});
export type OrbitalElementsStatus = Static<typeof OrbitalElementsStatus>;
