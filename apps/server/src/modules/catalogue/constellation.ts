import type { Capability } from '@satportal/contract';
import type { SatelliteFacts } from './satellite';

/**
 * The default constellation (DESIGN §5, issue 3): real satellites with their
 * published figures. The catalogue seed writes it into the database at every
 * start (upsert by NORAD id), so a corrected figure here reaches existing
 * databases. NORAD ids are those of the title lines in `data/tle/`.
 *
 * Conventions of the figures:
 * - `altitudeKm`, `swathKm`, GSDs: nominal values at nadir from the operator's
 *   spec sheet; where the "shared data table" (the table "Published sensor
 *   facts" of /work/shared/data/README.md, the project's data brief) lists the
 *   satellite, its figures are used.
 * - `maxOffNadirDeg`: the agility an operator sells; for satellites that only
 *   look straight down, half the field of view (atan(swath/2 / altitude)).
 * - `maxShtPeriod` (our reading of the spec's field): the stated revisit of one
 *   satellite, in whole days rounded up.
 * - `localTimeOfNode`: local mean solar time of the node; null where no
 *   published figure was at hand (the simulator then takes it from the elements).
 * - Figures marked "est." are not in the sources named and are estimates of the
 *   same order as the satellite's class; correct them here when a source is found.
 */

/** The constellation's satellites are the catalogue's one satellite shape (`satellite.ts`). */
export type ConstellationSatellite = SatelliteFacts;

export interface ConstellationGroup {
  /** The satellite group's name (spec `category`). */
  category: string;
  satellites: ConstellationSatellite[];
}

const optical = (
  bands: Capability['bands'],
  maxResolution: number,
  maxShtPeriod: number,
  stereos: Capability['stereos'] = ['MONO', 'STEREO'],
): Capability => ({ type: 1, bands, stereos, polarisations: [], maxResolution, maxShtPeriod });

const night = (bands: Capability['bands'], maxResolution: number, maxShtPeriod: number): Capability => ({
  type: 2,
  bands,
  stereos: [],
  polarisations: [],
  maxResolution,
  maxShtPeriod,
});

const hyperspectral = (
  bands: Capability['bands'],
  maxResolution: number,
  maxShtPeriod: number,
): Capability => ({
  type: 3,
  bands,
  stereos: [],
  polarisations: [],
  maxResolution,
  maxShtPeriod,
});

const radar = (
  band: 'X' | 'C' | 'L',
  polarisations: Capability['polarisations'],
  maxResolution: number,
  maxShtPeriod: number,
): Capability => ({ type: 4, bands: [band], stereos: [], polarisations, maxResolution, maxShtPeriod });

const video = (bands: Capability['bands'], maxResolution: number, maxShtPeriod: number): Capability => ({
  type: 5,
  bands,
  stereos: [],
  polarisations: [],
  maxResolution,
  maxShtPeriod,
});

const descending = (time: string) => ({ node: 'descending' as const, time });
const ascending = (time: string) => ({ node: 'ascending' as const, time });

const RGB: Capability['bands'] = ['B', 'G', 'R'];
const PAN_MS4: Capability['bands'] = ['PAN', 'B', 'G', 'R', 'NIR'];

// SuperView-1 (Gaojing-1) 01–04, Siwei Star / China Siwei: 530 km, 0.5 m pan / 2 m MS,
// 12 km swath (shared data table); ±45° agility, 10:30 descending node, stereo: Siwei spec sheet;
// revisit 4 days per satellite, daily as a constellation.
const superView1 = {
  operator: 'China Siwei',
  taskable: true,
  status: 'operational',
  altitudeKm: 530,
  swathKm: 12,
  maxOffNadirDeg: 45,
  panGsd: 0.5,
  msGsd: 2,
  localTimeOfNode: descending('10:30'),
  caps: [optical(PAN_MS4, 0.5, 4)],
} as const satisfies Partial<ConstellationSatellite>;

// Pléiades Neo 3/4, Airbus: 620 km, 0.30 / 1.2 m, 14 km, ±52° (shared data table); six MS bands
// incl. deep blue and red edge, stereo and tri-stereo, 10:30 descending, twice-daily revisit with
// two satellites: Airbus Pléiades Neo spec sheet.
const pleiadesNeo = {
  operator: 'Airbus Defence and Space',
  taskable: true,
  status: 'operational',
  altitudeKm: 620,
  swathKm: 14,
  maxOffNadirDeg: 52,
  panGsd: 0.3,
  msGsd: 1.2,
  localTimeOfNode: descending('10:30'),
  caps: [optical(['PAN', 'CB', 'B', 'G', 'R', 'RE', 'NIR'], 0.3, 1, ['MONO', 'STEREO', 'TRISTEREO'])],
} as const satisfies Partial<ConstellationSatellite>;

// Pléiades 1A/1B, Airbus: 694 km, 0.5 / 2 m (resampled), 20 km (shared data table); ±47° agility,
// stereo and tri-stereo, 10:30 descending, daily revisit with two: Airbus Pléiades user guide.
const pleiades = {
  operator: 'Airbus Defence and Space',
  taskable: true,
  status: 'operational',
  altitudeKm: 694,
  swathKm: 20,
  maxOffNadirDeg: 47,
  panGsd: 0.5,
  msGsd: 2,
  localTimeOfNode: descending('10:30'),
  caps: [optical(PAN_MS4, 0.5, 2, ['MONO', 'STEREO', 'TRISTEREO'])],
} as const satisfies Partial<ConstellationSatellite>;

// SPOT 6/7, Airbus: 694 km, 1.5 / 6 m, 60 km, ±30° (±45° extended, used here) (shared data table);
// 10:00 descending, daily revisit with two: Airbus SPOT 6/7 spec sheet.
const spot = {
  operator: 'Airbus Defence and Space',
  altitudeKm: 694,
  swathKm: 60,
  maxOffNadirDeg: 45,
  panGsd: 1.5,
  msGsd: 6,
  localTimeOfNode: descending('10:00'),
  caps: [optical(PAN_MS4, 1.5, 2, ['MONO', 'STEREO', 'TRISTEREO'])],
} as const satisfies Partial<ConstellationSatellite>;

// Jilin-1 video satellites, Chang Guang Satellite Technology (CGSTL): 0.92 m colour video,
// 535 km; video frame 11 × 4.5 km (Video 03) and 19 × 4.5 km (Video 07/08), CGSTL spec sheet.
// Agility ±45° and revisit 3 days: est. (agile video platforms that track their target).
const jilin1Video = {
  operator: 'Chang Guang Satellite Technology',
  taskable: true,
  status: 'operational',
  altitudeKm: 535,
  maxOffNadirDeg: 45,
  panGsd: null,
  msGsd: 0.92,
  localTimeOfNode: null,
} as const satisfies Partial<ConstellationSatellite>;

// Sentinel-2A/B/C, ESA / Copernicus: 786 km, 10/20/60 m, 290 km (shared data table); 13 MSI bands,
// 10:30 descending, 10-day revisit per satellite: ESA Sentinel-2 User Handbook. Systematic
// acquisitions only: not taskable.
const sentinel2 = {
  operator: 'ESA / Copernicus',
  taskable: false,
  status: 'operational',
  altitudeKm: 786,
  swathKm: 290,
  maxOffNadirDeg: 10.5,
  panGsd: null,
  msGsd: 10,
  localTimeOfNode: descending('10:30'),
  caps: [optical(['CB', 'B', 'G', 'R', 'RE', 'NIR', 'SWIR'], 10, 10, ['MONO'])],
} as const satisfies Partial<ConstellationSatellite>;

// Landsat 8/9, USGS / NASA: 705 km, 15 / 30 m, 185 km (shared data table); OLI + TIRS (100 m),
// 10:00 descending, 16-day repeat: USGS Landsat 8-9 Data Users Handbook. Not taskable.
const landsat = {
  operator: 'USGS / NASA',
  taskable: false,
  status: 'operational',
  altitudeKm: 705,
  swathKm: 185,
  maxOffNadirDeg: 7.5,
  panGsd: 15,
  msGsd: 30,
  localTimeOfNode: descending('10:00'),
  caps: [optical(['PAN', 'CB', 'B', 'G', 'R', 'NIR', 'SWIR', 'TIR'], 15, 16, ['MONO'])],
} as const satisfies Partial<ConstellationSatellite>;

export const defaultConstellation: ConstellationGroup[] = [
  {
    category: 'SuperView-1',
    satellites: [
      { ...superView1, name: 'SuperView-1 01', noradId: 41907, launchDate: '2016-12-28' },
      { ...superView1, name: 'SuperView-1 02', noradId: 41908, launchDate: '2016-12-28' },
      { ...superView1, name: 'SuperView-1 03', noradId: 43099, launchDate: '2018-01-09' },
      { ...superView1, name: 'SuperView-1 04', noradId: 43100, launchDate: '2018-01-09' },
    ],
  },
  {
    category: 'Pléiades Neo',
    satellites: [
      { ...pleiadesNeo, name: 'Pléiades Neo 3', noradId: 48268, launchDate: '2021-04-29' },
      { ...pleiadesNeo, name: 'Pléiades Neo 4', noradId: 49070, launchDate: '2021-08-17' },
    ],
  },
  {
    category: 'WorldView',
    satellites: [
      // WorldView-1, Maxar: 496 km, 0.5 m pan only, 17.7 km, 10:30 descending, revisit 1.7 days:
      // Maxar WorldView-1 data sheet; ±45° agility: est. from the same sheet's imaging modes.
      {
        name: 'WorldView-1',
        noradId: 32060,
        operator: 'Maxar Technologies',
        taskable: true,
        status: 'operational',
        launchDate: '2007-09-18',
        altitudeKm: 496,
        swathKm: 17.7,
        maxOffNadirDeg: 45,
        panGsd: 0.5,
        msGsd: null,
        localTimeOfNode: descending('10:30'),
        caps: [optical(['PAN'], 0.5, 2)],
      },
      // WorldView-2, Maxar: 770 km, 0.46 / 1.8 m, 16.4 km (shared data table); 8 MS bands
      // (coastal, yellow, red edge, NIR2), 10:30 descending, revisit 1.1 days: Maxar data sheet.
      {
        name: 'WorldView-2',
        noradId: 35946,
        operator: 'Maxar Technologies',
        taskable: true,
        status: 'operational',
        launchDate: '2009-10-08',
        altitudeKm: 770,
        swathKm: 16.4,
        maxOffNadirDeg: 45,
        panGsd: 0.46,
        msGsd: 1.8,
        localTimeOfNode: descending('10:30'),
        caps: [optical(['PAN', 'CB', 'B', 'G', 'Y', 'R', 'RE', 'NIR'], 0.46, 2)],
      },
      // WorldView-3, Maxar: 617 km, 0.31 / 1.24 m, 13.1 km (shared data table); 8 VNIR + 8 SWIR
      // bands, 13:30 descending, daily revisit: Maxar WorldView-3 data sheet.
      {
        name: 'WorldView-3',
        noradId: 40115,
        operator: 'Maxar Technologies',
        taskable: true,
        status: 'operational',
        launchDate: '2014-08-13',
        altitudeKm: 617,
        swathKm: 13.1,
        maxOffNadirDeg: 45,
        panGsd: 0.31,
        msGsd: 1.24,
        localTimeOfNode: descending('13:30'),
        caps: [optical(['PAN', 'CB', 'B', 'G', 'Y', 'R', 'RE', 'NIR', 'SWIR'], 0.31, 1)],
      },
    ],
  },
  {
    category: 'GeoEye-1',
    satellites: [
      // GeoEye-1, Maxar: 681 km, 0.41 / 1.65 m, 15.2 km (shared data table); 10:30 descending,
      // revisit under 3 days: Maxar GeoEye-1 data sheet.
      {
        name: 'GeoEye-1',
        noradId: 33331,
        operator: 'Maxar Technologies',
        taskable: true,
        status: 'operational',
        launchDate: '2008-09-06',
        altitudeKm: 681,
        swathKm: 15.2,
        maxOffNadirDeg: 45,
        panGsd: 0.41,
        msGsd: 1.65,
        localTimeOfNode: descending('10:30'),
        caps: [optical(PAN_MS4, 0.41, 3)],
      },
    ],
  },
  {
    category: 'Pléiades',
    satellites: [
      { ...pleiades, name: 'Pléiades 1A', noradId: 38012, launchDate: '2011-12-17' },
      { ...pleiades, name: 'Pléiades 1B', noradId: 39019, launchDate: '2012-12-02' },
    ],
  },
  {
    category: 'KOMPSAT-3A',
    satellites: [
      // KOMPSAT-3A, KARI / SI Imaging Services: 528 km, 0.55 / 2.2 m, 12 km, ±30° (shared data
      // table); 13:30 ascending node: KARI; revisit 2 days: est. Its mid-wave infrared imager
      // (5.5 m) has no band code of ours and is left out. The 2026 elements (data/tle) show the
      // orbit decayed to about 410 km.
      {
        name: 'KOMPSAT-3A',
        noradId: 40536,
        operator: 'KARI / SI Imaging Services',
        taskable: true,
        status: 'operational',
        launchDate: '2015-03-25',
        altitudeKm: 528,
        swathKm: 12,
        maxOffNadirDeg: 30,
        panGsd: 0.55,
        msGsd: 2.2,
        localTimeOfNode: ascending('13:30'),
        caps: [optical(PAN_MS4, 0.55, 2)],
      },
    ],
  },
  {
    category: 'Gaofen-7',
    satellites: [
      // Gaofen-7, CNSA / CRESDA: ≈505 km, two-line-array stereo mapping camera, backward view
      // 0.65 m pan / 2.6 m MS, forward 0.8 m, 20 km, 10:30 descending: CRESDA GF-7 description.
      // Agility ±25° and revisit 5 days: est. Government mission: archive only.
      {
        name: 'Gaofen-7',
        noradId: 44703,
        operator: 'CNSA / CRESDA',
        taskable: false,
        status: 'operational',
        launchDate: '2019-11-03',
        altitudeKm: 505,
        swathKm: 20,
        maxOffNadirDeg: 25,
        panGsd: 0.65,
        msGsd: 2.6,
        localTimeOfNode: descending('10:30'),
        caps: [optical(PAN_MS4, 0.65, 5)],
      },
    ],
  },
  {
    category: 'Gaofen-2',
    satellites: [
      // Gaofen-2, CNSA / CRESDA: ≈631 km, 0.8 / 3.2 m, ≈45 km (shared data table); ±35° roll,
      // 10:30 descending, 5-day revisit: CRESDA GF-2 description. Archive only.
      {
        name: 'Gaofen-2',
        noradId: 40118,
        operator: 'CNSA / CRESDA',
        taskable: false,
        status: 'operational',
        launchDate: '2014-08-19',
        altitudeKm: 631,
        swathKm: 45,
        maxOffNadirDeg: 35,
        panGsd: 0.8,
        msGsd: 3.2,
        localTimeOfNode: descending('10:30'),
        caps: [optical(PAN_MS4, 0.8, 5, ['MONO'])],
      },
    ],
  },
  {
    category: 'Jilin-1',
    satellites: [
      // Jilin-1 03 (Jilin-1 Video 03, "JL1-3B"), CGSTL: colour video and published colour
      // night-light imagery at 0.92 m, the first commercial sub-metre night-light source.
      {
        ...jilin1Video,
        name: 'Jilin-1 03',
        noradId: 41914,
        launchDate: '2017-01-09',
        swathKm: 11,
        caps: [video(RGB, 0.92, 3), night(RGB, 0.92, 3)],
      },
      {
        ...jilin1Video,
        name: 'Jilin-1 07',
        noradId: 43159,
        launchDate: '2018-01-19',
        swathKm: 19,
        caps: [video(RGB, 0.92, 3)],
      },
      {
        ...jilin1Video,
        name: 'Jilin-1 08',
        noradId: 43160,
        launchDate: '2018-01-19',
        swathKm: 19,
        caps: [video(RGB, 0.92, 3)],
      },
    ],
  },
  {
    category: 'SPOT',
    satellites: [
      {
        ...spot,
        name: 'SPOT 6',
        noradId: 38755,
        taskable: true,
        status: 'operational',
        launchDate: '2012-09-09',
      },
      // SPOT 7: the 2026 elements (data/tle) show it lowered out of the SPOT/Pléiades orbit
      // (≈698 km in 2022, ≈690 km in 2026): retired, its archive stays searchable.
      {
        ...spot,
        name: 'SPOT 7',
        noradId: 40053,
        taskable: false,
        status: 'retired',
        launchDate: '2014-06-30',
      },
    ],
  },
  {
    category: 'Gaofen-1',
    satellites: [
      // Gaofen-1, CNSA / CRESDA: 645 km, 2 m pan / 8 m MS over 60 km (two cameras) plus 16 m
      // wide-field cameras over 800 km, ±35° roll, 10:30 descending, 4-day revisit: CRESDA GF-1
      // description. Archive only.
      {
        name: 'Gaofen-1',
        noradId: 39150,
        operator: 'CNSA / CRESDA',
        taskable: false,
        status: 'operational',
        launchDate: '2013-04-26',
        altitudeKm: 645,
        swathKm: 60,
        maxOffNadirDeg: 35,
        panGsd: 2,
        msGsd: 8,
        localTimeOfNode: descending('10:30'),
        caps: [optical(PAN_MS4, 2, 4, ['MONO'])],
      },
    ],
  },
  {
    category: 'Gaofen-6',
    satellites: [
      // Gaofen-6, CNSA / CRESDA: 645 km, 2 m pan / 8 m MS over 90 km, 16 m wide-field camera with
      // eight bands incl. red edge, yellow and coastal blue, 10:30 descending, 4-day revisit:
      // CRESDA GF-6 description. Agility ±25°: est. Archive only.
      {
        name: 'Gaofen-6',
        noradId: 43484,
        operator: 'CNSA / CRESDA',
        taskable: false,
        status: 'operational',
        launchDate: '2018-06-02',
        altitudeKm: 645,
        swathKm: 90,
        maxOffNadirDeg: 25,
        panGsd: 2,
        msGsd: 8,
        localTimeOfNode: descending('10:30'),
        caps: [optical(['PAN', 'CB', 'B', 'G', 'Y', 'R', 'RE', 'NIR'], 2, 4, ['MONO'])],
      },
    ],
  },
  {
    category: 'Sentinel-2',
    satellites: [
      { ...sentinel2, name: 'Sentinel-2A', noradId: 40697, launchDate: '2015-06-23' },
      { ...sentinel2, name: 'Sentinel-2B', noradId: 42063, launchDate: '2017-03-07' },
      { ...sentinel2, name: 'Sentinel-2C', noradId: 60989, launchDate: '2024-09-05' },
    ],
  },
  {
    category: 'Landsat',
    satellites: [
      { ...landsat, name: 'Landsat 8', noradId: 39084, launchDate: '2013-02-11' },
      { ...landsat, name: 'Landsat 9', noradId: 49260, launchDate: '2021-09-27' },
    ],
  },
  {
    category: 'Sentinel-1',
    satellites: [
      // Sentinel-1A, ESA / Copernicus: C-band SAR, ≈693 km, IW 5 × 20 m over 250 km, incidence
      // 18–47° (≈ 16–41° off nadir) (shared data table); Stripmap 5 m, dual polarisation, dawn-dusk
      // orbit (18:00 ascending), 12-day repeat: ESA Sentinel-1 User Handbook. Not taskable.
      {
        name: 'Sentinel-1A',
        noradId: 39634,
        operator: 'ESA / Copernicus',
        taskable: false,
        status: 'operational',
        launchDate: '2014-04-03',
        altitudeKm: 693,
        swathKm: 250,
        maxOffNadirDeg: 41,
        panGsd: null,
        msGsd: null,
        localTimeOfNode: ascending('18:00'),
        caps: [radar('C', ['HH', 'HV', 'VV', 'VH'], 5, 12)],
      },
    ],
  },
  {
    category: 'KOMPSAT-5',
    satellites: [
      // KOMPSAT-5, KARI / SI Imaging Services: X-band SAR, 550 km, spotlight 1 m (5 km), stripmap
      // 3 m (30 km), ScanSAR 20 m (100 km), selectable single polarisation, incidence 20–45°,
      // dawn-dusk orbit (06:00 ascending): KARI KOMPSAT-5 description. Revisit 3 days: est.
      {
        name: 'KOMPSAT-5',
        noradId: 39227,
        operator: 'KARI / SI Imaging Services',
        taskable: true,
        status: 'operational',
        launchDate: '2013-08-22',
        altitudeKm: 550,
        swathKm: 30,
        maxOffNadirDeg: 40,
        panGsd: null,
        msGsd: null,
        localTimeOfNode: ascending('06:00'),
        caps: [radar('X', ['HH', 'HV', 'VH', 'VV'], 1, 3)],
      },
    ],
  },
  {
    category: 'Gaofen-3',
    satellites: [
      // Gaofen-3, CNSA / CRESDA: C-band SAR, 755 km, 12 modes from 1 m spotlight (10 km) to 500 m
      // global (650 km), fine stripmap 5 m over 50 km used as the swath, quad polarisation,
      // dawn-dusk orbit (06:00 descending): CRESDA GF-3 description. Off nadir 50° and revisit
      // 3 days: est. from its 10–60° incidence range. Archive only.
      {
        name: 'Gaofen-3',
        noradId: 41727,
        operator: 'CNSA / CRESDA',
        taskable: false,
        status: 'operational',
        launchDate: '2016-08-09',
        altitudeKm: 755,
        swathKm: 50,
        maxOffNadirDeg: 50,
        panGsd: null,
        msGsd: null,
        localTimeOfNode: descending('06:00'),
        caps: [radar('C', ['HH', 'HV', 'VH', 'VV'], 1, 3)],
      },
    ],
  },
  {
    category: 'Gaofen-5',
    satellites: [
      // Gaofen-5 01, CNSA / CRESDA: Advanced Hyperspectral Imager, 330 bands 400–2500 nm at 30 m
      // over 60 km, 705 km, 13:30 descending: CRESDA GF-5 description. Nadir only; revisit 5 days:
      // est. Archive only.
      {
        name: 'Gaofen-5 01',
        noradId: 43461,
        operator: 'CNSA / CRESDA',
        taskable: false,
        status: 'operational',
        launchDate: '2018-05-09',
        altitudeKm: 705,
        swathKm: 60,
        maxOffNadirDeg: 2.4,
        panGsd: null,
        msGsd: null,
        localTimeOfNode: descending('13:30'),
        caps: [hyperspectral(['VNIR', 'SWIR'], 30, 5)],
      },
    ],
  },
  {
    category: 'Luojia-1',
    satellites: [
      // Luojia-1 01, Wuhan University: night-light camera, one band 460–980 nm at 130 m over
      // 250 km, 645 km, 15-day revisit: Wuhan University Luojia-1 mission description. Launched
      // with Gaofen-6 into the same plane (10:30 descending, so its night passes ascend at 22:30).
      // No elements in data/tle yet: passes and simulated scenes follow once an operator loads them.
      // A one-year mission: retired, archive only.
      {
        name: 'Luojia-1 01',
        noradId: 43485,
        operator: 'Wuhan University',
        taskable: false,
        status: 'retired',
        launchDate: '2018-06-02',
        altitudeKm: 645,
        swathKm: 250,
        maxOffNadirDeg: 11,
        panGsd: null,
        msGsd: null,
        localTimeOfNode: descending('10:30'),
        caps: [night(['PAN'], 130, 15)],
      },
    ],
  },
  {
    category: 'SDGSAT-1',
    satellites: [
      // SDGSAT-1, CAS / International Research Center of Big Data for SDGs: glimmer (night-light)
      // imager 10 m pan / 40 m RGB, multispectral imager 10 m (7 bands), thermal imager 30 m,
      // all over 300 km, 505 km, 09:30 descending, 11-day revisit: CBAS SDGSAT-1 description.
      // No elements in data/tle yet (see Luojia-1). Science mission: not taskable.
      {
        name: 'SDGSAT-1',
        noradId: 49387,
        operator: 'CAS / CBAS',
        taskable: false,
        status: 'operational',
        launchDate: '2021-11-05',
        altitudeKm: 505,
        swathKm: 300,
        maxOffNadirDeg: 16.5,
        panGsd: 10,
        msGsd: 10,
        localTimeOfNode: descending('09:30'),
        caps: [
          night(['PAN', 'B', 'G', 'R'], 10, 11),
          optical(['CB', 'B', 'G', 'R', 'RE', 'NIR', 'TIR'], 10, 11, ['MONO']),
        ],
      },
    ],
  },
];
