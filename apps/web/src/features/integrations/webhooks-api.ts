import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  CreateWebhookEndpointPayload,
  UpdateWebhookEndpointPayload,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookSecretResponse,
} from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";
import { integrationKeys } from "./api";

/** Webhook endpoints and their delivery logs, under the Integrations screen's query keys. */
export const webhookKeys = {
  all: [...integrationKeys.all, "webhooks"] as const,
  deliveries: (id: number, page: number) => [...webhookKeys.all, "deliveries", id, page] as const,
};

const base = "/integrations/webhooks";

/** GET /integrations/webhooks */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get<{ endpoints: WebhookEndpoint[] }>(base, { signal }),
    retry: retryUnlessClientError,
  });
}

/**
 * GET /integrations/webhooks/{id}/deliveries. Polls while a delivery is still pending, so a test
 * event shows as delivered without a reload.
 */
export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveriesResponse>(`${base}/${id}/deliveries?page=${page}&pageSize=10`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === "pending") ? 2000 : false,
  });
}

function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useRefreshingMutation(webhookKeys.all, mutationFn);
}

export const useCreateWebhook = () =>
  useWebhookMutation((values: CreateWebhookEndpointPayload) =>
    api.post<WebhookSecretResponse>(base, values),
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...values }: UpdateWebhookEndpointPayload & { id: number }) =>
    api.patch<{ message: string; endpoint: WebhookEndpoint }>(`${base}/${id}`, values),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => api.del<{ message: string }>(`${base}/${id}`));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: number) =>
    api.post<WebhookSecretResponse>(`${base}/${id}/rotate-secret`, {}),
  );

export const useRevealWebhookSecret = () =>
  useMutation({
    mutationFn: (id: number) => api.get<WebhookSecretResponse>(`${base}/${id}/secret`),
  });

export const useSendTestEvent = () =>
  useWebhookMutation((id: number) =>
    api.post<{ message: string; delivery: WebhookDelivery }>(`${base}/${id}/test`, {}),
  );

export const useResendDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    api.post<{ message: string; delivery: WebhookDelivery }>(
      `${base}/${id}/deliveries/${deliveryId}/resend`,
      {},
    ),
  );
