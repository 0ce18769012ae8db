/** The processing assets of a creative's rules: the service's type. */
export type { ProcessingAssetsService } from './processing-assets.service';
