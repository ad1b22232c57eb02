import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApiKey,
  CreateApiKeyPayload,
  CreateApiKeyResponse,
  MemberImportMapping,
  MemberImportResponse,
  MemberImportRowsResponse,
  MemberImportStatus,
} from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** The Integrations screen (owner only). Every change refreshes `integrationKeys.all`. */
export const integrationKeys = {
  all: ["integrations"] as const,
  apiKeys: () => [...integrationKeys.all, "api-keys"] as const,
};

/** GET /integrations/api-keys */
export function useApiKeys(enabled = true) {
  return useQuery({
    enabled,
    queryKey: integrationKeys.apiKeys(),
    queryFn: ({ signal }) => api.get<{ keys: ApiKey[] }>("/integrations/api-keys", { signal }),
    retry: retryUnlessClientError,
  });
}

function useIntegrationMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useRefreshingMutation(integrationKeys.all, mutationFn);
}

/** POST /integrations/api-keys: the answer holds the whole key, this once. */
export const useCreateApiKey = () =>
  useIntegrationMutation((values: CreateApiKeyPayload) =>
    api.post<CreateApiKeyResponse>("/integrations/api-keys", values),
  );

/** DELETE /integrations/api-keys/{id} */
export const useRevokeApiKey = () =>
  useIntegrationMutation((id: number) =>
    api.del<{ message: string }>(`/integrations/api-keys/${id}`),
  );

// ---------------------------------------------------------------- member import

export const importKeys = {
  one: (id: number) => [...integrationKeys.all, "import", id] as const,
  rows: (id: number, only: "all" | "errors", page: number) =>
    [...importKeys.one(id), "rows", only, page] as const,
};

const ACTIVE_IMPORT: readonly MemberImportStatus[] = ["queued", "running"];

/** GET /member/imports/{id}; polled while the job runs, as a fallback to the socket's events. */
export function useMemberImport(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: importKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<MemberImportResponse>(`/member/imports/${id}`, { signal }),
    select: (data) => data.import,
    retry: retryUnlessClientError,
    refetchInterval: (query) =>
      ACTIVE_IMPORT.includes(query.state.data?.import.status ?? "done") ? 3000 : false,
  });
}

/** GET /member/imports/{id}/rows: the dry run's verdicts (or the import's outcomes), paged. */
export function useMemberImportRows(
  id: number,
  only: "all" | "errors",
  page: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: importKeys.rows(id, only, page),
    queryFn: ({ signal }) =>
      api.get<MemberImportRowsResponse>(`/member/imports/${id}/rows`, {
        signal,
        query: { only, page, pageSize: 20 },
      }),
    retry: retryUnlessClientError,
  });
}

/** POST /member/imports (multipart): stores the file's rows, answers the header and first rows. */
export function useUploadMemberImport() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.post<MemberImportResponse>("/member/imports", form);
    },
  });
}

function useImportMutation<Input>(run: (input: Input) => Promise<MemberImportResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data) => {
      queryClient.setQueryData(importKeys.one(data.import.id), data);
      return queryClient.invalidateQueries({ queryKey: importKeys.one(data.import.id) });
    },
  });
}

/** POST /member/imports/{id}/dry-run */
export const useDryRunMemberImport = () =>
  useImportMutation((input: { id: number; mapping: MemberImportMapping }) =>
    api.post<MemberImportResponse>(`/member/imports/${input.id}/dry-run`, {
      mapping: input.mapping,
    }),
  );

/** POST /member/imports/{id}/start */
export const useStartMemberImport = () =>
  useImportMutation((input: { id: number; sendInvitations: boolean }) =>
    api.post<MemberImportResponse>(`/member/imports/${input.id}/start`, {
      sendInvitations: input.sendInvitations,
    }),
  );
