/** A creative's uploaded files: the service's type and the demo seed. */

export { seedAssets } from './assets.seed';
export type { AssetsService } from './assets.service';
