import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../paths";
import { createTestApp } from "../../test/app";
import { createMerchant, createOffer, giveCashback } from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { paymentsKit } from "../../test/payments-kit";

const TOKEN = "metrics-token-0123456789";

/** The value of one series in Prometheus text, 0 when absent. */
function seriesValue(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("Prometheus metrics", () => {
  const t = appForFile({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: "100000" } });

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: authorization ? { authorization } : {},
    });

  it("needs the token", async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape("Bearer wrong-token-000000000")).statusCode).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.body).toContain("nodejs_eventloop_lag_seconds");
    expect(ok.body).toContain("tessera_socket_connections");
  });

  it("does not exist without a token configured", async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("counts a purchase and its request duration", async () => {
    const kit = paymentsKit(t, null);
    const { shopId } = await kit.connectedShop();
    const offer = await createOffer(t.database.db, shopId, { offerPriceCents: 300 });
    const who = await kit.customerOf(shopId);
    await giveCashback(t.database.db, { shopId, customerId: who.customer.id }, 300);
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const bought = await kit.purchaseOffer(who, offer.id, 3);
    expect(bought.statusCode, bought.body).toBe(201);
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    const series = 'tessera_payments_total{outcome="succeeded"}';
    expect(seriesValue(after, series)).toBe(seriesValue(before, series) + 1);
    expect(after).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/customer\/offers\/purchase-offer\/:id",status="201"\} 1/,
    );
  });

  it("counts e-mails by outcome and job runs by job", async () => {
    const token = `Bearer ${TOKEN}`;
    const merchant = await createMerchant(t.database.db);
    const before = (await scrape(token)).body;
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/forgot-password",
      payload: { email: merchant.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.jobs.runNow("membership-expiries");
    const after = (await scrape(token)).body;
    const kept = 'tessera_emails_total{status="kept"}';
    expect(seriesValue(after, kept)).toBe(seriesValue(before, kept) + 1);
    const runs = 'tessera_job_runs_total{job="membership-expiries",outcome="succeeded"}';
    expect(seriesValue(after, runs)).toBe(seriesValue(before, runs) + 1);
    expect(after).toContain('tessera_job_duration_seconds_count{job="membership-expiries"}');

    // A mail server that does not answer: the message is recorded as failed, and counted so.
    const failing = await createTestApp({
      env: { METRICS_TOKEN: TOKEN, SMTP_URL: "smtp://127.0.0.1:1", RATE_LIMIT_PER_MINUTE: "100" },
    });
    try {
      const owner = await createMerchant(failing.database.db);
      await failing.app.inject({
        method: "POST",
        url: "/api/v1/auth/forgot-password",
        payload: { email: owner.email },
      });
      const text = (
        await failing.app.inject({
          method: "GET",
          url: "/metrics",
          headers: { authorization: token },
        })
      ).body;
      expect(seriesValue(text, 'tessera_emails_total{status="failed"}')).toBe(1);
      expect(seriesValue(text, 'tessera_emails_total{status="sent"}')).toBe(0);
    } finally {
      await failing.close();
    }
  });

  it("serves every metric the Grafana dashboard in docs/ops charts", async () => {
    const dashboard = readFileSync(join(repoRoot, "docs/ops/grafana-dashboard.json"), "utf8");
    const charted = new Set(
      [...dashboard.matchAll(/\b((?:tessera|http|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
        (m[1] as string).replace(/_(bucket|count|sum)$/, ""),
      ),
    );
    expect(charted.size).toBeGreaterThan(10);
    const served = (await scrape(`Bearer ${TOKEN}`)).body;
    const missing = [...charted].filter((name) => !served.includes(`# TYPE ${name} `));
    expect(missing).toEqual([]);
  });
});
