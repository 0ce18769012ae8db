import { MediaEntitySchema } from '@adstudio/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import { ALL_ITEMS, buildListQuery } from '../../../lib/list-query';

/** Every publisher of the company, by name, to ask for approvals (a company has a few dozen). */
export const usePublisherOptions = () =>
  useQuery({
    queryKey: ['publisher-options'],
    queryFn: () =>
      getCollection(
        MediaEntitySchema,
        api.get('/v1/media-entities/', {
          params: buildListQuery({ sortBy: 'name', itemsPerPage: ALL_ITEMS }),
        }),
      ),
    staleTime: 60_000,
  });
