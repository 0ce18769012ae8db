import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of conditions; mutations invalidate `lists()`. */
export const conditionKeys = resourceKeys('conditions');

/** Query keys of data sources (part of the conditions section); mutations invalidate `lists()`. */
export const dataSourceKeys = resourceKeys('datasources');
