/**
 * What other areas use of data sources: their values as conditions and rule selection read them
 * (never fetched while they wait), the placeholders of a viewer's context, and the demo endpoint
 * the demo conditions read.
 */
export type { LiveValues } from './data-source-live';
export {
  type DataSourceValue,
  type DataSourceValues,
  placeholdersOf,
} from './data-source-values';
export type { DataSourcesService } from './data-sources.service';
export { DEMO_WEATHER_PATH } from './demo-weather';
