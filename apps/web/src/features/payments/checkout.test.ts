import { describe, expect, it } from "vitest";
import {
  formatPayableAmount,
  readFortisTransactionId,
  readSandboxMessage,
  SANDBOX_MESSAGE_SOURCE,
  sandboxFormSrc,
} from "./checkout";

describe("formatPayableAmount", () => {
  it("shows whole dollars without cents, as the spec's Payable Amount does", () => {
    expect(formatPayableAmount(25)).toBe("$25");
    expect(formatPayableAmount(1234)).toBe("$1,234");
    expect(formatPayableAmount(0)).toBe("$0");
  });

  it("never rounds away cents that will be charged", () => {
    expect(formatPayableAmount(9.99)).toBe("$9.99");
    expect(formatPayableAmount(24.5)).toBe("$24.50");
    expect(formatPayableAmount(0.1 + 0.2)).toBe("$0.30");
  });
});

describe("sandboxFormSrc", () => {
  it("adds the token, encoded, and the theme", () => {
    expect(sandboxFormSrc("/api/v1/sandbox/checkout", "a b&c")).toBe(
      "/api/v1/sandbox/checkout?token=a%20b%26c",
    );
    expect(sandboxFormSrc("/api/v1/sandbox/checkout", "tok", "dark")).toBe(
      "/api/v1/sandbox/checkout?token=tok&theme=dark",
    );
  });

  it("keeps a query the server already put on the form's address", () => {
    expect(sandboxFormSrc("/form?v=2", "tok")).toBe("/form?v=2&token=tok");
  });
});

describe("readSandboxMessage", () => {
  const source = SANDBOX_MESSAGE_SOURCE;

  it("reads done with its transaction id, and errors", () => {
    expect(readSandboxMessage({ source, type: "done", transactionId: "sbx_1" })).toEqual({
      type: "done",
      transactionId: "sbx_1",
    });
    expect(
      readSandboxMessage({ source, type: "error", code: "expired", message: "Expired" }),
    ).toEqual({ type: "error", code: "expired", message: "Expired" });
  });

  it("a done without a transaction is a failure, not a payment", () => {
    expect(readSandboxMessage({ source, type: "done" })).toEqual({
      type: "error",
      code: null,
      message: null,
    });
  });

  it("ignores anything else posted to the window", () => {
    expect(readSandboxMessage({ type: "done", transactionId: "x" })).toBeNull();
    expect(readSandboxMessage({ source, type: "resize" })).toBeNull();
    expect(readSandboxMessage("done")).toBeNull();
    expect(readSandboxMessage(null)).toBeNull();
  });
});

describe("readFortisTransactionId", () => {
  it("takes data.id of the done event", () => {
    expect(readFortisTransactionId({ data: { id: "31f1e0e1" } })).toBe("31f1e0e1");
    expect(readFortisTransactionId({ data: {} })).toBeNull();
    expect(readFortisTransactionId(undefined)).toBeNull();
  });
});
