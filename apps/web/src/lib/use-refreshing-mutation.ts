import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A change to one area's data (staff, members, API keys, webhooks): once the server accepts it,
 * every query under the area's key is fetched again, so each list and detail shows the change.
 */
export function useRefreshingMutation<Input, Output>(
  queryKey: QueryKey,
  mutationFn: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
