import { getErrorContent } from "@/lib/notify";
import { ErrorState } from "./error-state";

type FailedQuery = { error: unknown; refetch: () => unknown; isFetching: boolean };

/** A query that failed: the server's message, and Retry refetches it. */
export function QueryErrorState({
  query,
  title,
  className,
}: {
  query: FailedQuery;
  title?: string;
  className?: string;
}) {
  return (
    <ErrorState
      title={title}
      message={getErrorContent(query.error).message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      className={className}
    />
  );
}
