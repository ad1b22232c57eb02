import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setToken } from "@/lib/token-storage";
import { jsonResponse, mockApi } from "@/test/api-mock";
import { captureDownloads, fileResponse } from "@/test/downloads";
import { renderWithRouter } from "@/test/render";
import { ExportMembersButton } from "./export-members-button";

describe("ExportMembersButton", () => {
  it("downloads the list with its tab and search, under the server's file name", async () => {
    setToken("m");
    const api = mockApi({
      "GET /member/export-members": fileResponse(
        "\uFEFFFirst name\r\n",
        "text/csv; charset=utf-8",
        "members_2026-11-25.csv",
      ),
    });
    const downloads = captureDownloads();
    renderWithRouter(<ExportMembersButton filter="active" search=" ava " />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Export" }));
    await waitFor(() => expect(downloads.saved).toEqual(["members_2026-11-25.csv"]));
    const [call] = api.callsTo("GET /member/export-members");
    expect(call?.query.get("active")).toBe("true");
    expect(call?.query.get("inactive")).toBeNull();
    expect(call?.query.get("search")).toBe("ava");
    downloads.restore();
  });

  it("says why when the download fails", async () => {
    setToken("m");
    mockApi({ "GET /member/export-members": jsonResponse({ message: "Not allowed here." }, 403) });
    renderWithRouter(<ExportMembersButton filter="all" search="" />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Export" }));
    expect(await screen.findByText("Not allowed here.")).toBeInTheDocument();
  });
});
