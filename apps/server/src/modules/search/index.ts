/** The global search: the service's type. */
export type { SearchService } from './search.service';
