import { type Static, Type } from 'typebox';

/** Sensor types (spec 000 §3 Sensor, §9 "Sensor enumeration 1–5"). */
export const SensorType = { Optical: 1, Night: 2, Hyperspectral: 3, Radar: 4, Video: 5 } as const;
export type SensorType = (typeof SensorType)[keyof typeof SensorType];
export const SensorTypes = Object.values(SensorType) as SensorType[];
export const SensorTypeSchema = Type.Enum(SensorTypes, {
  description: '1 Optical, 2 Night, 3 Hyperspectral, 4 Radar, 5 Video',
});

/**
 * Resolution classes (spec 000 §3): 1 under 30 cm, 2 30–80 cm, 3 80 cm–1.5 m,
 * 4 1.5–15 m, 5 over 15 m. Bounds in metres; a class holds min ≤ GSD < max,
 * except that 15 m still belongs to class 4 because class 5 is "over 15 m".
 * Class 5 has no upper bound (`max: null`).
 */
export const ResolutionClass = {
  Below30cm: 1,
  From30To80cm: 2,
  From80cmTo1_5m: 3,
  From1_5To15m: 4,
  Above15m: 5,
} as const;
export type ResolutionClassId = (typeof ResolutionClass)[keyof typeof ResolutionClass];
export const ResolutionClassIdSchema = Type.Enum(Object.values(ResolutionClass) as ResolutionClassId[], {
  description: '1 <0.3 m, 2 0.3–0.8 m, 3 0.8–1.5 m, 4 1.5–15 m, 5 >15 m',
});

export const ResolutionBand = Type.Object({
  id: ResolutionClassIdSchema,
  min: Type.Number({ description: 'metres, inclusive' }),
  max: Type.Union([Type.Number(), Type.Null()], {
    description: 'metres, exclusive (15 m inclusive); null: none',
  }),
});
export type ResolutionBand = Static<typeof ResolutionBand>;

export const ResolutionClasses: readonly ResolutionBand[] = [
  { id: 1, min: 0, max: 0.3 },
  { id: 2, min: 0.3, max: 0.8 },
  { id: 3, min: 0.8, max: 1.5 },
  { id: 4, min: 1.5, max: 15 },
  { id: 5, min: 15, max: null },
];

/** The resolution class of a ground sample distance in metres. */
export function resolutionClassOf(gsd: number): ResolutionClassId {
  if (gsd < 0.3) return 1;
  if (gsd < 0.8) return 2;
  if (gsd < 1.5) return 3;
  if (gsd <= 15) return 4;
  return 5;
}

/**
 * Spectral and radar bands a capability offers, which the search panel offers
 * as its band choices: spectral ranges for optical, night, video and
 * hyperspectral sensors, the frequency band for radar.
 */
export const Bands = {
  PAN: 'panchromatic',
  CB: 'coastal / deep blue (≈ 400–450 nm)',
  B: 'blue',
  G: 'green',
  Y: 'yellow',
  R: 'red',
  RE: 'red edge',
  NIR: 'near infrared',
  SWIR: 'short-wave infrared',
  TIR: 'thermal infrared',
  VNIR: 'visible and near infrared (hyperspectral range)',
  X: 'X band (radar, ≈ 3 cm)',
  C: 'C band (radar, ≈ 5.6 cm)',
  L: 'L band (radar, ≈ 24 cm)',
} as const;
export type Band = keyof typeof Bands;
export const BandSchema = Type.Enum(Object.keys(Bands) as Band[]);

/** Stereo modes (spec 000 §2 "stereo modes (single choice)"). */
export const StereoModes = ['MONO', 'STEREO', 'TRISTEREO'] as const;
export type StereoMode = (typeof StereoModes)[number];
export const StereoModeSchema = Type.Enum([...StereoModes]);

/** Radar polarisations (transmit, receive). */
export const Polarisations = ['HH', 'HV', 'VH', 'VV'] as const;
export type Polarisation = (typeof Polarisations)[number];
export const PolarisationSchema = Type.Enum([...Polarisations]);

/** One sensor of a satellite (spec 000 §3 Satellite `cap.caps`). */
export const Capability = Type.Object({
  type: SensorTypeSchema,
  bands: Type.Array(BandSchema),
  stereos: Type.Array(StereoModeSchema),
  polarisations: Type.Array(PolarisationSchema),
  maxResolution: Type.Number({ description: 'best ground sample distance of this sensor, metres' }),
  maxShtPeriod: Type.Integer({
    description: 'our reading: revisit in days, the longest wait for a capture of a place with this sensor',
  }),
});
export type Capability = Static<typeof Capability>;

export const SatelliteStatuses = ['operational', 'retired'] as const;
export type SatelliteStatus = (typeof SatelliteStatuses)[number];

/** Satellite (spec 000 §3) with its published facts, which the pass predictor and simulator use. */
export const Satellite = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The satellite group's name. */
  category: Type.String(),
  noradId: Type.Integer({
    description: 'NORAD catalogue number; links the satellite to its orbital elements',
  }),
  taskable: Type.Boolean({ description: 'new captures can be ordered (tasking)' }),
  status: Type.Enum([...SatelliteStatuses], {
    description: 'retired satellites keep their archive but take no new captures',
  }),
  operator: Type.String(),
  launchDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  cap: Type.Object({ caps: Type.Array(Capability) }),
  altitudeKm: Type.Number({ description: 'nominal orbit altitude' }),
  swathKm: Type.Number({ description: 'swath at nadir' }),
  maxOffNadirDeg: Type.Number({ description: 'agility: largest off-nadir (look) angle of a capture' }),
  panGsd: Type.Union([Type.Number(), Type.Null()], { description: 'panchromatic GSD at nadir, metres' }),
  msGsd: Type.Union([Type.Number(), Type.Null()], { description: 'multispectral GSD at nadir, metres' }),
  localTimeOfNode: Type.Union([
    Type.Object({
      node: Type.Union([Type.Literal('descending'), Type.Literal('ascending')]),
      time: Type.String({ pattern: '^[0-2][0-9]:[0-5][0-9]$', description: 'local mean solar time HH:MM' }),
    }),
    Type.Null(),
  ]),
});
export type Satellite = Static<typeof Satellite>;

/** Satellite group (spec 000 §3): a category with its satellites and resolution class. */
export const SatelliteGroup = Type.Object({
  category: Type.String(),
  satIds: Type.Array(Type.Integer()),
  resolutionId: ResolutionClassIdSchema,
});
export type SatelliteGroup = Static<typeof SatelliteGroup>;

export const SatellitesQuery = Type.Object({
  taskable: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'true: only satellites that take tasking orders; false: every archive satellite',
    }),
  ),
});
export type SatellitesQuery = Static<typeof SatellitesQuery>;

export const SatellitesResponse = Type.Object({
  sats: Type.Array(Satellite),
  groups: Type.Array(SatelliteGroup),
});
export type SatellitesResponse = Static<typeof SatellitesResponse>;

export const ResolutionsResponse = Type.Object({ resolutions: Type.Array(ResolutionBand) });
export type ResolutionsResponse = Static<typeof ResolutionsResponse>;
