import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { EmptyState, ErrorState, LoadingState } from './states';

/** A query's three other states around its content: pending, error (with retry) and empty. */
export function QueryView<T>({
  query,
  pending = 'Loading…',
  error,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  pending?: string;
  /** Put before the server's message, e.g. "The creatives could not be loaded." */
  error?: string;
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
  if (isEmpty?.(query.data)) return typeof empty === 'string' ? <EmptyState title={empty} /> : empty;
  return children(query.data);
}
