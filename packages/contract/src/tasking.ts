import { type Static, Type } from 'typebox';
import { Aoi, IsoDate, Position, SatelliteIds, SensorChoice } from './archive';
import { SensorTypeSchema } from './catalogue';
import { Limits } from './limits';
import { SingleLineText } from './text';

/**
 * Tasking prediction (spec 000 §2 Tasking panel, §3 "Tasking prediction
 * response", §5 "Tasking prediction", §7 call table): the passes in which
 * chosen satellites can image an AOI within a window.
 */

/** The conditions of the tasking panel; the defaults are those of spec 000 §5. */
export const TaskingCondition = Type.Object({
  fdate: IsoDate,
  tdate: IsoDate,
  cc: Type.Number({
    minimum: 0,
    maximum: 100,
    default: 15,
    description:
      'maximum cloud cover, %: passes whose `cloudForecast` is above it are left out (radar passes are not, their forecast is 0)',
  }),
  ac: Type.Number({
    minimum: 0,
    maximum: 100,
    default: 100,
    description:
      'minimum AOI coverage, %: passes whose own footprint covers less of the AOI (their `coverage`) are left out',
  }),
  ona: Type.Number({
    minimum: 0,
    maximum: 90,
    default: 25,
    description: "maximum off-nadir angle, degrees; a satellite's own agility limits it further",
  }),
  sza: Type.Number({
    minimum: 0,
    maximum: 90,
    default: 0,
    description:
      'maximum sun zenith at the AOI for day sensors (optical, hyperspectral, video), degrees; 0 (the default) means the usual daylight limit of 80°. Night-light passes need the Sun 12° below the horizon, radar has no sun rule.',
  }),
  orbit: Type.Optional(
    Type.Enum([0, 1, 2], { default: 0, description: '0 all, 1 ascending passes only, 2 descending only' }),
  ),
});
export type TaskingCondition = Static<typeof TaskingCondition>;

/** Tasking prediction request (spec 000 §7: taskId, aois, condition, satIds, sensor). */
export const TaskingPredictionRequest = Type.Object({
  taskId: Type.Optional(
    Type.Union([SingleLineText({ maxLength: 100 }), Type.Null()], {
      description:
        "the panel's task id, accepted as the spec sends it; the prediction is stored under a new id, the answer's `taskId`, which tasking price and orders refer to",
    }),
  ),
  aois: Type.Array(Aoi, {
    maxItems: Limits.aoisMax,
    description: 'at least one AOI; the prediction is over their union',
  }),
  condition: TaskingCondition,
  satIds: SatelliteIds,
  sensor: Type.Optional(SensorChoice),
});
export type TaskingPredictionRequest = Static<typeof TaskingPredictionRequest>;

/** One pass (spec 000 §3 list item entry), with the geometry that explains it. */
export const TaskingPass = Type.Object({
  enterTime: Type.String({
    format: 'date-time',
    description: 'the AOI comes within the off-nadir limit (or the window starts), UTC',
  }),
  leaveTime: Type.String({
    format: 'date-time',
    description: 'the AOI leaves the off-nadir limit (or the window ends), UTC',
  }),
  bestTime: Type.String({
    format: 'date-time',
    description: 'the instant of the smallest off-nadir angle, UTC',
  }),
  satId: Type.Integer(),
  satName: Type.String(),
  satGroupName: Type.String(),
  noradId: Type.Integer(),
  sensorType: SensorTypeSchema,
  imageGsd: Type.Number({ description: 'ground sample distance at the off-nadir angle of the pass, metres' }),
  offNadirAngle: Type.Number({
    description:
      'the smallest off-nadir angle at which the satellite sees the AOI in this pass, degrees, 2 decimals',
  }),
  lookSide: Type.Union([Type.Literal('left'), Type.Literal('right'), Type.Literal('nadir')], {
    description: 'side of the ground track the AOI is seen on; nadir: the track crosses the AOI',
  }),
  orbit: Type.Enum([1, 2], { description: '1 ascending, 2 descending' }),
  sunZenith: Type.Number({ description: 'sun zenith at the AOI at the best time, degrees' }),
  boundaries: Type.Array(Type.Array(Position), {
    description:
      'the imaged footprint: the swath at the off-nadir angle of the pass along the AOI, outer ring of each part as [lon, lat] (two parts when split at ±180°)',
  }),
  elementsEpoch: Type.String({ format: 'date-time', description: 'epoch of the orbital elements used' }),
  cloudForecast: Type.Number({
    minimum: 0,
    maximum: 100,
    description:
      "cloud cover expected at the AOI's centre at the best time, %, 2 decimals: the simulated world's weather, drawn around the cloud climatology of the latitude and season once per 1° cell and 6-hour period, so the same place and time always has the same forecast; radar passes see through clouds: 0",
  }),
  coverage: Type.Number({
    minimum: 0,
    maximum: 100,
    description: "percentage of the AOI this pass's footprint covers (geodesic), 2 decimals",
  }),
  clearProbability: Type.Number({
    minimum: 0,
    maximum: 1,
    description:
      "chance that the pass sees the AOI it covers with cloud at or below `cc` (area-weighted over the 1° weather cells): the forecast's verdict weighted by exp(−lead time / 3 days), the season's cloud climatology for the rest; 1 for radar. 3 decimals",
  }),
});
export type TaskingPass = Static<typeof TaskingPass>;

export const TaskingPassDay = Type.Object({
  date: IsoDate,
  item: Type.Array(TaskingPass, { description: 'the passes entering on this UTC day, by enter time' }),
});
export type TaskingPassDay = Static<typeof TaskingPassDay>;

/** Orbital elements older than `Limits.staleElementsDays` at the window start: the passes may be off. */
export const StaleElements = Type.Object({
  satId: Type.Integer(),
  satName: Type.String(),
  noradId: Type.Integer(),
  epoch: Type.String({ format: 'date-time' }),
  ageDays: Type.Number({ description: 'days from the epoch to the window start, 1 decimal' }),
});
export type StaleElements = Static<typeof StaleElements>;

export const UnpredictedReasons = ['notTaskable', 'retired', 'noElements', 'noSensor'] as const;
export type UnpredictedReason = (typeof UnpredictedReasons)[number];

/** A chosen satellite the prediction left out, and why. */
export const UnpredictedSatellite = Type.Object({
  satId: Type.Integer(),
  satName: Type.String(),
  reason: Type.Enum([...UnpredictedReasons], {
    description:
      'notTaskable: takes no tasking orders; retired; noElements: no orbital elements loaded; noSensor: no sensor matches the sensor choice',
  }),
});
export type UnpredictedSatellite = Static<typeof UnpredictedSatellite>;

/** A pass of the capture plan, with the share of the AOI it adds to the passes before it in the plan. */
export const PlannedPass = Type.Object({
  pass: TaskingPass,
  addedCoverage: Type.Number({
    description:
      'percentage of the AOI this pass adds to those the plan took before it (sampled), 2 decimals',
  }),
});
export type PlannedPass = Static<typeof PlannedPass>;

/**
 * The capture plan (issue 28): which passes together cover the AOI, with what chance of clear sky,
 * and by when the order is likely complete. Built from every pass within the geometric conditions
 * (off-nadir, sun, orbit, sensor), whatever its forecast and coverage, since the list's `cc` and
 * `ac` filters judge each pass alone; `conditions` says what the list's limits would have to be to
 * list every planned pass, so an empty prediction can offer the plan that loosening would give.
 */
export const CapturePlan = Type.Object({
  candidates: Type.Integer({ description: 'passes within the geometric conditions the plan chose from' }),
  passes: Type.Array(PlannedPass, {
    description:
      'the fewest passes that together cover the AOI (greedy set cover over ~2,000 sample points; a pass enters only if it adds at least 0.5 % of the AOI), in time order',
  }),
  coverage: Type.Number({
    description: "percentage of the AOI the plan's passes cover together (geodesic, exact), 2 decimals",
  }),
  coverable: Type.Number({
    description: 'percentage of the AOI any pass of the window can cover (geodesic, exact), 2 decimals',
  }),
  planClearProbability: Type.Number({
    minimum: 0,
    maximum: 1,
    description: "chance that the plan's passes alone capture all they cover clear, 3 decimals",
  }),
  completion: Type.Array(
    Type.Object({
      time: Type.String({ format: 'date-time', description: 'best time of a pass of the window' }),
      probability: Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          'chance that all of the coverable AOI has been captured clear by then, trying every pass of the window, 3 decimals (each 1° weather cell is one sky per pass: exact for a cell whose points share their passes, else counted over 2,000 seeded draws)',
      }),
      expectedCoverage: Type.Number({
        description: 'expected percentage of the AOI captured clear by then, 2 decimals',
      }),
    }),
    {
      description:
        'the completion curve, one step per pass in time order: the expected completion date at a confidence q is the first time whose probability reaches q',
    },
  ),
  conditions: Type.Union(
    [
      Type.Object({
        cc: Type.Number({ description: 'the lowest cloud limit that lists every planned pass, %' }),
        ac: Type.Number({ description: 'the highest coverage limit that lists every planned pass, %' }),
      }),
      Type.Null(),
    ],
    { description: "the list's limits that would list every planned pass; null when the current ones do" },
  ),
});
export type CapturePlan = Static<typeof CapturePlan>;

/** The prediction (spec 000 §3: data[0]). */
export const TaskingPrediction = Type.Object({
  taskId: Type.String({
    format: 'uuid',
    description: "the stored prediction's id (the server makes it): tasking price and orders refer to it",
  }),
  total: Type.Integer({
    description:
      'number of passes that meet the conditions; 0 is an empty prediction (spec 000 §5: the client warns `order.nullbody` and offers no ordering)',
  }),
  beginTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'enter time of the first pass',
  }),
  endTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'leave time of the last pass',
  }),
  coverage: Type.Number({
    description:
      'percentage of the AOI covered by the union of the footprints of the passes listed (geodesic), 2 decimals',
  }),
  list: Type.Array(TaskingPassDay),
  windowStart: Type.String({ format: 'date-time', description: 'the window searched, UTC' }),
  windowEnd: Type.String({ format: 'date-time' }),
  staleElements: Type.Array(StaleElements, {
    description: 'staleness warning: satellites whose elements were older than 14 days at the window start',
  }),
  unpredicted: Type.Array(UnpredictedSatellite),
  leftOut: Type.Object(
    {
      cloud: Type.Integer({ description: 'passes whose cloud forecast is above `cc`' }),
      coverage: Type.Integer({
        description: 'passes (within the cloud limit) covering less of the AOI than `ac`',
      }),
    },
    { description: 'passes the conditions left out: the panel says which limit emptied a prediction' },
  ),
  plan: Type.Union([CapturePlan, Type.Null()], {
    description: 'the capture plan; null when no pass of the window meets the geometric conditions',
  }),
});
export type TaskingPrediction = Static<typeof TaskingPrediction>;

export const TaskingPredictionResponse = Type.Array(TaskingPrediction, {
  minItems: 1,
  maxItems: 1,
  description: 'one prediction (the spec reads data[0])',
});
export type TaskingPredictionResponse = Static<typeof TaskingPredictionResponse>;
