/** Tile keys: device-bound, idle-expiring, revocable credentials of tile links (spec 000 §7). */
export { TileKeyText } from './tile-key-text';
export { TileKeysRepository } from './tile-keys.repository';
export { tileKeyRoutes } from './tile-keys.routes';
export { TileKeysService } from './tile-keys.service';
