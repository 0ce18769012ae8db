/** Creatives: the service's type and the demo seeds (the creatives, then their backup images). */

export { type SeededCreative, seedCreatives, seedFallbacks } from './creatives.seed';
export type { CreativesService } from './creatives.service';
