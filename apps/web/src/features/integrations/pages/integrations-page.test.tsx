import { INTEGRATION_MESSAGES } from "@tessera/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "@/test/api-mock";
import { openAsMerchant } from "@/test/merchant-app";

const existing = {
  id: 7,
  name: "Website",
  scope: "read_only",
  prefix: "tsk_AbCdEfGh…",
  createdAt: "2026-11-01T10:00:00.000Z",
  lastUsedAt: null,
};

function openIntegrations(apiRoutes: Parameters<typeof openAsMerchant>[1]) {
  return openAsMerchant("/merchant/profile/integrations", apiRoutes);
}

describe("Integrations: API keys", () => {
  it("creates a key, shows it once with a copy button, and lists it without the key", async () => {
    let keys: unknown[] = [];
    const token = `tsk_${"x".repeat(43)}`;
    const { api, user } = openIntegrations({
      "GET /integrations/api-keys": () => ({ keys }),
      "POST /integrations/api-keys": () => {
        const key = { ...existing, id: 8, name: "POS", scope: "read_write" };
        keys = [key];
        return jsonResponse({ message: INTEGRATION_MESSAGES.keyCreated, key, token }, 201);
      },
    });
    expect(await screen.findByText("No API keys yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText(INTEGRATION_MESSAGES.keyNameRequired)).toBeInTheDocument();
    expect(api.callsTo("POST /integrations/api-keys")).toHaveLength(0);

    await user.type(screen.getByLabelText("Key name"), "POS");
    await user.selectOptions(screen.getByLabelText("Access"), "read_write");
    await user.click(screen.getByRole("button", { name: "Create key" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Your new API key")).toHaveValue(token);
    expect(api.callsTo("POST /integrations/api-keys")[0]?.body).toEqual({
      name: "POS",
      scope: "read_write",
    });
    await user.click(within(dialog).getByRole("button", { name: "Copy API key" }));
    expect(await within(dialog).findByRole("button", { name: "Copied" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("POS")).toBeInTheDocument();
    expect(screen.queryByDisplayValue(token)).not.toBeInTheDocument();
  }, 30_000);

  it("revokes a key after a confirmation", async () => {
    let keys: unknown[] = [existing];
    const { api, user } = openIntegrations({
      "GET /integrations/api-keys": () => ({ keys }),
      "DELETE /integrations/api-keys/7": () => {
        keys = [];
        return { message: INTEGRATION_MESSAGES.keyRevoked };
      },
    });
    await user.click(await screen.findByRole("button", { name: "Revoke Website" }));
    const dialog = await screen.findByRole("dialog");
    expect(api.callsTo("DELETE /integrations/api-keys/7")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("No API keys yet")).toBeInTheDocument();
    expect(api.callsTo("DELETE /integrations/api-keys/7")).toHaveLength(1);
  }, 15_000);

  it("says so when the keys cannot be loaded", async () => {
    openIntegrations({ "GET /integrations/api-keys": jsonResponse({ message: "Forbidden" }, 403) });
    expect(await screen.findByText(INTEGRATION_MESSAGES.loadFailed)).toBeInTheDocument();
  }, 15_000);
});
