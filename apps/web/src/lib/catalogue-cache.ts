import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { retryUnlessClientError } from "@/lib/query-client";

/**
 * The cache of a shop's catalogue (membership tiers, offers): the lists by tab and one entry a
 * saved item, under a common root so a delete can refresh them all at once.
 */
export function catalogueKeys<Tab extends string, Root extends string>(root: Root) {
  const all = [root] as const;
  return {
    all,
    lists: () => [root, "list"] as const,
    list: (tab: Tab) => [root, "list", tab] as const,
    detail: (id: number) => [root, "detail", id] as const,
  };
}

/** The keys the mutations below refresh (any catalogue's, whatever its tabs). */
type CatalogueKeys = Pick<ReturnType<typeof catalogueKeys>, "all" | "lists" | "detail">;

/**
 * The two reads of a catalogue: a tab's list, and one item (not asked for while `id` is null,
 * e.g. a create form). A client error (4xx) is not retried: asking again gets the same answer.
 */
export function catalogueQueries<Tab extends string, Item>(
  keys: Pick<ReturnType<typeof catalogueKeys<Tab, string>>, "list" | "detail">,
  fetchList: (tab: Tab, signal?: AbortSignal) => Promise<Item[]>,
  fetchOne: (id: number, signal?: AbortSignal) => Promise<Item>,
) {
  return {
    useList: (tab: Tab) =>
      useQuery(
        queryOptions({
          queryKey: keys.list(tab),
          queryFn: ({ signal }) => fetchList(tab, signal),
          retry: retryUnlessClientError,
        }),
      ),
    useOne: (id: number | null) =>
      useQuery({
        queryKey: keys.detail(id ?? 0),
        queryFn: ({ signal }) => fetchOne(id ?? 0, signal),
        retry: retryUnlessClientError,
        enabled: id !== null,
      }),
  };
}

/**
 * Creates or updates one item: the server's answer becomes the item's cached entry (an edit form
 * opened again shows it at once), and the lists load again.
 */
export function useSaveCatalogueItem<Input, Response, Item extends { id: number }>(
  keys: CatalogueKeys,
  save: (input: Input) => Promise<Response>,
  itemOf: (response: Response) => Item,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (response) => {
      const item = itemOf(response);
      queryClient.setQueryData(keys.detail(item.id), item);
      return queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/** Deletes one item (or archives it, as the server decides): all of its kind loads again. */
export function useDeleteCatalogueItem<Response>(
  keys: CatalogueKeys,
  remove: (id: number) => Promise<Response>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
