import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { EmptyState, ErrorState, LoadingState } from './states';

/** The items of a whole list's answer or of a page's (`{data: [...]}`); undefined for an item. */
const itemsOf = (data: unknown): unknown[] | undefined => {
  if (Array.isArray(data)) return data;
  const page = data && typeof data === 'object' ? (data as { data?: unknown }).data : undefined;
  return Array.isArray(page) ? page : undefined;
};

/**
 * A query's three other states around its content: pending, error (with retry) and empty. With
 * `noun` the messages are "Loading {noun}…" and "The {noun} could not be loaded."; with `empty`, a
 * list without items is empty unless `isEmpty` says otherwise.
 */
export function QueryView<T>({
  query,
  noun,
  pending = noun ? `Loading ${noun}…` : 'Loading…',
  error = noun ? `The ${noun} could not be loaded.` : undefined,
  isEmpty = (data) => itemsOf(data)?.length === 0,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** What loads, as the messages name it: `tags`. */
  noun?: string;
  pending?: string;
  /** Put before the server's message, e.g. "The creatives could not be loaded." */
  error?: string | undefined;
  isEmpty?: (data: T) => boolean;
  /** What an empty answer shows: a sentence, or a whole empty state. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={pending} />;
  if (query.isError) {
    const message = errorMessage(query.error);
    return (
      <ErrorState message={error ? `${error} ${message}` : message} onRetry={() => void query.refetch()} />
    );
  }
  if (empty !== undefined && isEmpty(query.data)) {
    return typeof empty === 'string' ? <EmptyState title={empty} /> : empty;
  }
  return children(query.data);
}
