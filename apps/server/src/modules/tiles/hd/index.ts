/** HD yearly mosaics (issue 15): the years from the archive's data and the mosaic tiles. */
export { HdMosaicRepository } from './hd.repository';
export { hdTileRoutes, hdYearsRoutes } from './hd.routes';
export { HdMosaics, type HdMosaicsOptions, type HdTileAllowance, type HdTileOutcome } from './hd.service';
