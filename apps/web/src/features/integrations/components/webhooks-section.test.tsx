import { WEBHOOK_MESSAGES } from "@tessera/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "@/test/api-mock";
import { openAsMerchant } from "@/test/merchant-app";

const endpoint = {
  id: 5,
  url: "https://pos.example.com/hooks",
  description: "Till",
  eventTypes: ["member.created"],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
};
const delivered = {
  id: 40,
  eventId: "test_abc",
  eventType: "webhook.test",
  status: "delivered",
  attempts: 1,
  lastResponseCode: 200,
  lastError: null,
  latencyMs: 42,
  nextAttemptAt: null,
  lastAttemptAt: "2026-11-01T10:01:00.000Z",
  createdAt: "2026-11-01T10:01:00.000Z",
};
const secret = `whsec_${"A".repeat(32)}`;

/** The integrations page, no API keys yet, the API answering `apiRoutes` too. */
function openIntegrations(apiRoutes: Parameters<typeof openAsMerchant>[1]) {
  return openAsMerchant("/merchant/profile/integrations", {
    "GET /integrations/api-keys": { keys: [] },
    ...apiRoutes,
  });
}

const page = (deliveries: unknown[]) => ({
  deliveries,
  total: deliveries.length,
  page: 1,
  pageSize: 10,
});

describe("Integrations: webhooks", () => {
  it("adds an endpoint with its events, shows the secret, then the endpoint's empty log", async () => {
    let endpoints: unknown[] = [];
    const { api, user } = openIntegrations({
      "GET /integrations/webhooks": () => ({ endpoints }),
      "POST /integrations/webhooks": () => {
        endpoints = [endpoint];
        return jsonResponse({ message: WEBHOOK_MESSAGES.endpointCreated, endpoint, secret }, 201);
      },
      "GET /integrations/webhooks/5/deliveries": page([]),
    });
    expect(await screen.findByText("No webhook endpoints yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add endpoint" }));
    const form = await screen.findByRole("dialog");
    await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlRequired)).toBeInTheDocument();
    expect(within(form).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(api.callsTo("POST /integrations/webhooks")).toHaveLength(0);

    await user.type(within(form).getByLabelText("Endpoint URL"), endpoint.url);
    await user.type(within(form).getByLabelText("Description (optional)"), "Till");
    await user.click(within(form).getByRole("checkbox", { name: /member\.created/ }));
    await user.click(within(form).getByRole("button", { name: "Add endpoint" }));
    const shown = await screen.findByRole("dialog", { name: "Endpoint added" });
    expect(within(shown).getByLabelText("Signing secret")).toHaveValue(secret);
    expect(api.callsTo("POST /integrations/webhooks")[0]?.body).toEqual({
      url: endpoint.url,
      description: "Till",
      eventTypes: ["member.created"],
    });
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("No deliveries yet")).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
  }, 30_000);

  it("sends a test event and shows it delivered in the log, and resends it", async () => {
    let deliveries: unknown[] = [];
    const { api, user } = openIntegrations({
      "GET /integrations/webhooks": { endpoints: [endpoint] },
      "GET /integrations/webhooks/5/deliveries": () => page(deliveries),
      "POST /integrations/webhooks/5/test": () => {
        deliveries = [delivered];
        return { message: WEBHOOK_MESSAGES.testQueued, delivery: delivered };
      },
      "POST /integrations/webhooks/5/deliveries/40/resend": {
        message: WEBHOOK_MESSAGES.resendQueued,
        delivery: { ...delivered, status: "pending" },
      },
    });
    await user.click(await screen.findByRole("button", { name: `Manage ${endpoint.url}` }));
    expect(await screen.findByText("No deliveries yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send test event" }));
    expect(await screen.findByText("Delivered")).toBeInTheDocument();
    expect(screen.getByText("webhook.test")).toBeInTheDocument();
    expect(screen.getByText("200")).toBeInTheDocument();
    expect(screen.getByText("42 ms")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^Resend webhook\.test/ }));
    await waitFor(() =>
      expect(api.callsTo("POST /integrations/webhooks/5/deliveries/40/resend")).toHaveLength(1),
    );
  }, 30_000);

  it("rotates the secret after a confirmation, disables and deletes the endpoint", async () => {
    let endpoints: unknown[] = [endpoint];
    const { api, user } = openIntegrations({
      "GET /integrations/webhooks": () => ({ endpoints }),
      "GET /integrations/webhooks/5/deliveries": page([]),
      "POST /integrations/webhooks/5/rotate-secret": {
        message: WEBHOOK_MESSAGES.secretRotated,
        endpoint: { ...endpoint, previousSecretExpiresAt: "2026-11-02T10:00:00.000Z" },
        secret,
      },
      "PATCH /integrations/webhooks/5": () => {
        endpoints = [
          { ...endpoint, enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledByOwner },
        ];
        return { message: WEBHOOK_MESSAGES.endpointDisabled, endpoint: endpoints[0] };
      },
      "DELETE /integrations/webhooks/5": () => {
        endpoints = [];
        return { message: WEBHOOK_MESSAGES.endpointDeleted };
      },
    });
    await user.click(await screen.findByRole("button", { name: `Manage ${endpoint.url}` }));
    await user.click(await screen.findByRole("button", { name: "Rotate secret" }));
    const confirm = await screen.findByRole("dialog");
    await user.click(within(confirm).getByRole("button", { name: "Rotate" }));
    const shown = await screen.findByRole("dialog", { name: "New signing secret" });
    expect(within(shown).getByLabelText("Signing secret")).toHaveValue(secret);
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("Disabled")).toBeInTheDocument();
    expect(api.callsTo("PATCH /integrations/webhooks/5")[0]?.body).toEqual({ enabled: false });
    expect(screen.getByRole("button", { name: "Enable" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete" }));
    const sure = await screen.findByRole("dialog");
    await user.click(within(sure).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No webhook endpoints yet")).toBeInTheDocument();
  }, 30_000);

  it("says so when the endpoints cannot be loaded", async () => {
    openIntegrations({ "GET /integrations/webhooks": jsonResponse({ message: "Forbidden" }, 403) });
    expect(await screen.findByText(WEBHOOK_MESSAGES.loadFailed)).toBeInTheDocument();
  }, 15_000);
});
