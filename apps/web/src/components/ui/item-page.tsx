import type { Section } from '@adstudio/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { ItemRouteName } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useOpenItem } from '../../lib/current-item';
import type { ResourceKeys } from '../../lib/resource-keys';
import { parseRouteId } from '../../lib/route-id';
import { useItemOrLeave } from '../../lib/use-item-or-leave';
import { ErrorState, LoadingState } from './states';

/**
 * The frame of an item's page (`/{section}/:id`): reads the item, follows the 404 rule (spec
 * section 8), names the open item in the sidebar, and shows loading and errors; `children` gets the item.
 */
export function ItemPage<T extends { name: string }>({
  section,
  noun,
  api: { useItem, keys },
  overview,
  itemRoute,
  children,
}: {
  section: Section;
  noun: string;
  /** The section's reading of one item and its keys (a `resourceApi`). */
  api: {
    useItem: (id: number, enabled: boolean) => UseQueryResult<T>;
    keys: Pick<ResourceKeys, 'lists' | 'detail'>;
  };
  /** The section's list, where a 404 goes. */
  overview: string;
  /** The sidebar's link to the open item when it is not the section's own item route. */
  itemRoute?: ItemRouteName;
  children: (item: T) => ReactNode;
}) {
  const id = parseRouteId(useParams().id);
  const { item, notFound } = useItemOrLeave(id, useItem, keys, overview);
  useOpenItem(section, id === null ? undefined : String(id), item.data?.name, itemRoute);

  if (notFound || item.isPending) return <LoadingState label={`Loading ${noun}…`} />;
  if (item.isError) {
    return (
      <ErrorState
        message={`The ${noun} could not be loaded. ${errorMessage(item.error)}`}
        onRetry={() => void item.refetch()}
      />
    );
  }
  return children(item.data);
}
