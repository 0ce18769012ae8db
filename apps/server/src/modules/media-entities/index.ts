/** Publishers (media entities): the service's type. */
export type { MediaEntitiesService } from './media-entities.service';
