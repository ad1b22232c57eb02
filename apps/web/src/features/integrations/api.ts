import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKey, CreateApiKeyPayload, CreateApiKeyResponse } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
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
