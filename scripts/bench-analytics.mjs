// BENCH_ONLY=analytics (PostgreSQL): the reports bench's shop (BENCH_TRANSACTIONS payments and
// BENCH_REDEMPTIONS redemptions over the last year) plus BENCH_ANALYTICS_MEMBERS members
// (100,000 by default) with a year of membership history: a purchase and monthly renewals, one
// in 7 upgrading at the third renewal, one in 17 with a failed renewal paid the next day, one in
// 5 ended. Then each analytics read for this month and the last year, one request at a time
// (median and p95), beside the dashboard's stats for the same periods as the baseline.
// BENCH_KEEP_DB=1 DATABASE_URL=… reuses a database an earlier run seeded (no new rows).

export const ANALYTICS_MEMBERS = Number(process.env.BENCH_ANALYTICS_MEMBERS ?? 100_000);

/**
 * Members inserted per chunk: the rollup triggers lock each customer they recompute (one advisory
 * lock each, held to the end of the statement's transaction), so 100,000 in one statement ran out
 * of PostgreSQL's lock table (`max_locks_per_transaction` 64 × connections).
 */
const CHUNK = 2_000;

/** The members, their memberships and their payments, in chunks of CHUNK members. */
export function analyticsHistorySql(shopId, members = ANALYTICS_MEMBERS) {
  const statements = [];
  for (let first = 1; first <= members; first += CHUNK) {
    const last = Math.min(members, first + CHUNK - 1);
    statements.push(...chunkSql(shopId, `analytics.${process.pid}.${first}.`, first, last));
  }
  return [
    ...statements,
    // The whole database, the rollup tables the triggers filled too: where autovacuum is off
    // (as on the machines this bench runs on), their planner statistics would say "empty".
    "VACUUM ANALYZE",
  ];
}

/** One chunk's members (numbers first to last), tagged so its statements find just them. */
function chunkSql(shopId, tag, first, last) {
  return [
    `INSERT INTO customers (shop_id, email, first_name, last_name, created_at, updated_at)
     SELECT ${shopId}, '${tag}' || g || '@bench-member.test', 'Bench', 'Member ' || g, now(), now()
     FROM generate_series(${first}, ${last}) AS g`,
    // Start up to a year ago; one in 5 ends 1 to 9 months after its start (if that has passed).
    `INSERT INTO customer_memberships (shop_id, customer_id, tier_id, plan, status, payment_type,
       start_date, period_start, expire_date, ended_at)
     SELECT c.shop_id, c.id, t.ids[1 + c.id % array_length(t.ids, 1)], 'monthly',
       CASE WHEN e.ends < now() THEN 'expired' ELSE 'active' END, 'online',
       s.start, s.start, s.start + interval '1 month',
       CASE WHEN e.ends < now() THEN e.ends END
     FROM customers c
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM membership_tiers
       WHERE shop_id = ${shopId} AND renewal = 'monthly') t
     CROSS JOIN LATERAL (SELECT now() - make_interval(secs => ((c.id * 7919) % (365 * 86400))::double precision) - interval '1 hour' AS start) s
     CROSS JOIN LATERAL (SELECT CASE WHEN c.id % 5 = 0 THEN s.start + make_interval(months => 1 + (c.id % 9)::int) END AS ends) e
     WHERE c.shop_id = ${shopId} AND c.email LIKE '${tag}%'`,
    // One payment per month of membership until it ended or now; upgrades from the 3rd renewal.
    `INSERT INTO transactions (shop_id, customer_id, customer_name, kind, customer_membership_id,
       tier_id, membership_name, plan, payment_type, price_cents, amount_cents, status,
       transaction_by, created_at)
     SELECT m.shop_id, m.customer_id, 'Bench Member', CASE WHEN k = 0 THEN 'membership_purchase' ELSE 'membership_renewal' END,
       m.id, tt.id, tt.name, 'monthly', 'online', tt.price_cents, tt.price_cents,
       CASE WHEN f.failed THEN 'failed' ELSE 'succeeded' END, 'Bench Member',
       m.start_date + make_interval(months => k) + CASE WHEN f.failed THEN interval '0' WHEN m.customer_id % 17 = 0 AND k = 2 THEN interval '1 day' ELSE interval '0' END
     FROM customer_memberships m
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM membership_tiers
       WHERE shop_id = ${shopId} AND renewal = 'monthly') t
     CROSS JOIN LATERAL generate_series(0, 12) AS k
     CROSS JOIN LATERAL (VALUES (false), (true)) AS f(failed)
     JOIN membership_tiers tt ON tt.id = CASE WHEN m.customer_id % 7 = 0 AND k >= 3
       THEN t.ids[1 + (m.customer_id + 1) % array_length(t.ids, 1)] ELSE m.tier_id END
     WHERE m.shop_id = ${shopId} AND m.customer_id IN (SELECT id FROM customers WHERE email LIKE '${tag}%')
       AND m.start_date + make_interval(months => k) < coalesce(m.ended_at, now())
       AND (NOT f.failed OR (m.customer_id % 17 = 0 AND k = 2))`,
  ];
}

export const ANALYTICS_READS = [
  ["baseline: dashboard stats, this month", "/shop/dashboard-stats?timeFilter=currentMonth"],
  ["baseline: dashboard stats, last year", "/shop/dashboard-stats?timeFilter=lastYear"],
  ["subscriptions, this month", "/analytics/subscriptions?timeFilter=currentMonth"],
  ["subscriptions, last year", "/analytics/subscriptions?timeFilter=lastYear"],
  ["cohorts, last year", "/analytics/cohorts?timeFilter=lastYear"],
  ["lifetime value, last year", "/analytics/lifetime-value?timeFilter=lastYear"],
  ["benefits, last year", "/analytics/benefits?timeFilter=lastYear"],
  ["offers, last year", "/analytics/offers?timeFilter=lastYear"],
];

/**
 * Runs the analytics bench with bench.mjs's helpers (server start and stop, sign-in, the
 * reports shop's SQL, sequential timing and its table rows).
 */
export async function runAnalytics(label, env, helpers) {
  const { startServer, stopServer, signInOwnerWithDb, bulkReportsSql, timeRequests, timingRow } =
    helpers;
  const server = await startServer(env, { apiOnly: true });
  try {
    const { user, token, client } = await signInOwnerWithDb(server, env);
    const started = performance.now();
    try {
      // BENCH_KEEP_DB=1 with a DATABASE_URL seeded by an earlier run: measure it as it is (the
      // seeding takes minutes), so a change can be measured again and again on the same data.
      const seeded =
        process.env.BENCH_KEEP_DB === "1" &&
        (
          await client.query(
            "SELECT 1 FROM customers WHERE shop_id = $1 AND email LIKE '%@bench-member.test' LIMIT 1",
            [user.shopId],
          )
        ).rowCount > 0;
      for (const statement of seeded
        ? []
        : [...bulkReportsSql(user.shopId), ...analyticsHistorySql(user.shopId)]) {
        await client.query(statement);
      }
      const { rows } = await client.query(
        "SELECT (SELECT count(*) FROM transactions WHERE shop_id = $1) AS t, (SELECT count(*) FROM customer_memberships WHERE shop_id = $1) AS m",
        [user.shopId],
      );
      console.log(
        `${label}: ${rows[0].t} transactions and ${rows[0].m} memberships in the shop, inserted in ${Math.round(performance.now() - started)} ms`,
      );
    } finally {
      await client.end();
    }
    const out = [];
    for (const [name, path] of ANALYTICS_READS) {
      const r = await timeRequests(`${server.url}/api/v1${path}`, token);
      out.push(timingRow(label, name, r));
    }
    return out;
  } finally {
    await stopServer(server);
  }
}
