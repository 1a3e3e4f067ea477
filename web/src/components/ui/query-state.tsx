import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from './button.tsx';
import { EmptyState } from './page.tsx';

/** The part of a TanStack query that QueryState reads. */
type QueryLike<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'isFetching' | 'data' | 'refetch'>;

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Completes "We could not load …", e.g. 'your services', 'this booking'. */
  what: string;
  /** Shown while the first answer is on its way (a skeleton of the content). */
  loading: ReactNode;
  /** Shown instead of the content when the answer is empty: an empty list, or what `isEmpty` says. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** 'block' (default): a card for a page or section; 'inline': one line inside a panel. */
  variant?: 'block' | 'inline';
  /** Puts the error inside the page's frame (the loading and empty states bring their own). */
  errorFrame?: (error: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}

/** The one way a query's loading, failure (with 'Try again') and empty states look. */
export function QueryState<T>({ query, what, loading, empty, isEmpty, variant = 'block', errorFrame, children }: QueryStateProps<T>) {
  const data = query.data;
  // What was loaded stays on screen when only a background refresh failed.
  if (data === undefined) {
    if (query.isPending) return loading;
    const error = <LoadError what={what} variant={variant} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    return errorFrame ? errorFrame(error) : error;
  }
  if (empty !== undefined && (isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0)) return empty;
  return children(data);
}

function LoadError({
  what,
  variant,
  onRetry,
  retrying,
}: {
  what: string;
  variant: 'block' | 'inline';
  onRetry: () => void;
  retrying: boolean;
}) {
  if (variant === 'inline') {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600" role="alert">
        {`We could not load ${what}.`}
        <Button theme="link" size="s" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <EmptyState
      title={`We could not load ${what}`}
      description="Please check your connection and try again."
      action={
        <Button theme="white" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      }
    />
  );
}
