import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  errorResponseSchema,
  healthResponseSchema,
  pageOffset,
  paginated,
  paginationQuerySchema,
  timeFilterQuerySchema,
  toFieldErrors,
  transactionReportQuerySchema,
} from "./api.ts";

describe("error and health bodies", () => {
  it("error: message, optional title and field errors", () => {
    expect(errorResponseSchema.safeParse({ message: "Nope" }).success).toBe(true);
    expect(
      errorResponseSchema.safeParse({ message: "Nope", title: "T", errors: { email: "Bad" } })
        .success,
    ).toBe(true);
    expect(errorResponseSchema.safeParse({ title: "T" }).success).toBe(false);
  });

  it("health is ok/ok", () => {
    expect(healthResponseSchema.parse({ status: "ok", db: "ok" })).toEqual({
      status: "ok",
      db: "ok",
    });
    expect(healthResponseSchema.safeParse({ status: "ok", db: "down" }).success).toBe(false);
  });
});

describe("pagination", () => {
  it("defaults to page 1 of 20 and coerces query strings", () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(paginationQuerySchema.parse({ page: "3", pageSize: "50" })).toEqual({
      page: 3,
      pageSize: 50,
    });
    expect(pageOffset({ page: 3, pageSize: 50 })).toBe(100);
  });

  it("refuses out-of-range values", () => {
    for (const query of [{ page: "0" }, { pageSize: "101" }, { pageSize: "0" }, { page: "1.5" }]) {
      expect(paginationQuerySchema.safeParse(query).success).toBe(false);
    }
  });

  it("paginated() puts the list under the spec's key", () => {
    const schema = paginated(z.object({ id: z.number() }), "members");
    const body = { members: [{ id: 1 }], total: 1, page: 1, pageSize: 20 };
    expect(schema.parse(body)).toEqual(body);
    expect(schema.safeParse({ items: [], total: 0, page: 1, pageSize: 20 }).success).toBe(false);
  });
});

describe("query schemas", () => {
  it("timeFilter defaults to this month and accepts both year names", () => {
    expect(timeFilterQuerySchema.parse({})).toEqual({ timeFilter: "currentMonth" });
    expect(timeFilterQuerySchema.parse({ timeFilter: "lastYear" }).timeFilter).toBe("lastYear");
    expect(timeFilterQuerySchema.parse({ timeFilter: "1year" }).timeFilter).toBe("1year");
    expect(timeFilterQuerySchema.safeParse({ timeFilter: "week" }).success).toBe(false);
  });

  it("transaction report: period, payment filter, shop and paging", () => {
    expect(transactionReportQuerySchema.parse({ shopId: "2" })).toEqual({
      timeFilter: "currentMonth",
      paymentType: "all",
      shopId: 2,
      page: 1,
      pageSize: 20,
    });
    expect(transactionReportQuerySchema.safeParse({ paymentType: "cc" }).success).toBe(false);
  });
});

describe("toFieldErrors", () => {
  it("keeps the first message per dotted path", () => {
    const schema = z.object({
      name: z.string().min(3, { error: "short" }).regex(/^a/, { error: "a first" }),
      Benefits: z.array(z.object({ worth: z.number({ error: "worth" }) })),
    });
    const result = schema.safeParse({ name: "b", Benefits: [{ worth: 1 }, {}] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual({ name: "short", "Benefits.1.worth": "worth" });
    }
  });
});
