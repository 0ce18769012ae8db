import { MediaEntitySchema } from '@adstudio/contract';
import { listQuery } from '../../../lib/list-api';
import { ALL_ITEMS, buildListQuery } from '../../../lib/list-query';
import { resourceKeys } from '../../../lib/resource-keys';

/** GET /v1/media-entities/ under the publishers' keys, so that their writes in Settings refresh it. */
const publishers = listQuery(resourceKeys('media-entities'), MediaEntitySchema, '/v1/media-entities/');

const ALL_BY_NAME = buildListQuery({ sortBy: 'name', itemsPerPage: ALL_ITEMS });

/**
 * Every publisher of the company, by name, for a tag's placement. The server lets only those who
 * edit campaigns read them: `enabled` is false for others.
 */
export const usePublisherOptions = (enabled: boolean) => publishers.useList(ALL_BY_NAME, enabled);
