// BENCH_ONLY=import (PostgreSQL; also part of the full `npm run bench` when PostgreSQL is there):
// a members CSV of BENCH_IMPORT_ROWS rows (100,000 by default) generated on the fly, uploaded to
// the API server (the `npm start` bundle, its own process) as the owner's Import button does,
// then the dry run and the import job, each timed. Budget (issue 18): at least 5,000 rows/s for
// the dry run and for the import, and the server's peak RSS under 300 MB.

export const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
export const IMPORT_BUDGET = { rowsPerSecond: 5_000, peakRssMb: 300 };

const HEADER = [
  "First name",
  "Last name",
  "Email",
  "Phone",
  "Tier",
  "Plan",
  "Membership start",
  "Next renewal",
  "Payment type",
  "Cashback balance",
  "Joined",
];

/** The file: every row valid; half with a membership, all with a phone, balance and join date. */
function* csvChunks(rows, tier) {
  yield `${HEADER.join(",")}\r\n`;
  const tag = `import.${process.pid}`;
  let chunk = "";
  for (let i = 1; i <= rows; i++) {
    const withTier = i % 2 === 0;
    const day = String(1 + (i % 28)).padStart(2, "0");
    chunk += [
      `First${i}`,
      `Member ${i % 977}`,
      `${tag}.${i}@bench-import.test`,
      `+44207946${String(i % 1000).padStart(4, "0")}`,
      withTier ? tier.name : "",
      withTier ? tier.renewal : "",
      withTier ? `2026-01-${day}` : "",
      "",
      withTier ? ["card", "pos", "cash"][i % 3] : "",
      `${i % 100}.${String(i % 100).padStart(2, "0")}`,
      `2025-0${1 + (i % 9)}-${day}`,
    ].join(",");
    chunk += "\r\n";
    if (i % 5000 === 0) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

async function api(url, path, token, init = {}) {
  const res = await fetch(`${url}/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function runImport(label, env, { startServer, stopServer, call, peakRssMb }) {
  const server = await startServer(env, { apiOnly: true });
  try {
    const login = { email: "owner@demo-shop.test", password: "Demo@1234" };
    const { token } = await call(server.url, "/auth/sign-in", { body: login });
    const rssAtStart = peakRssMb(server.child.pid);
    const { memberships } = await api(
      server.url,
      "/memberships/get-all-memberships?active=true",
      token,
    );
    const tier = { name: memberships[0].name, renewal: memberships[0].renewal };
    const text = [...csvChunks(IMPORT_ROWS, tier)].join("");
    const form = new FormData();
    form.append("file", new Blob([text], { type: "text/csv" }), "bench-members.csv");
    const mb = Buffer.byteLength(text) / 1e6;

    let started = performance.now();
    const { import: uploaded } = await api(server.url, "/member/imports", token, {
      method: "POST",
      body: form,
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    const rssAfter = { upload: peakRssMb(server.child.pid) };

    started = performance.now();
    const { import: checked } = await api(
      server.url,
      `/member/imports/${uploaded.id}/dry-run`,
      token,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mapping: uploaded.suggestedMapping }),
      },
    );
    const dryRunSeconds = (performance.now() - started) / 1000;
    rssAfter.dryRun = peakRssMb(server.child.pid);
    if (checked.invalid !== 0) throw new Error(`bench rows refused: ${checked.invalid}`);

    started = performance.now();
    await api(server.url, `/member/imports/${uploaded.id}/start`, token, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sendInvitations: false }),
    });
    let state = checked;
    while (state.status !== "done" && state.status !== "failed") {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await api(server.url, `/member/imports/${uploaded.id}`, token)).import;
    }
    const importSeconds = (performance.now() - started) / 1000;
    if (state.status !== "done" || state.created !== IMPORT_ROWS) {
      throw new Error(`import ended ${state.status}: ${JSON.stringify(state)}`);
    }
    const rss = peakRssMb(server.child.pid);
    rssAfter.importJob = rss;
    const rate = (seconds) => Math.round(IMPORT_ROWS / seconds);
    const rows = [
      ["upload (parse + store rows)", uploadSeconds, rssAfter.upload],
      ["dry run", dryRunSeconds, rssAfter.dryRun],
      ["import job", importSeconds, rssAfter.importJob],
    ].map(([step, seconds, peak]) => ({
      database: label,
      step,
      rows: IMPORT_ROWS,
      seconds: Number(seconds.toFixed(1)),
      "rows/s": rate(seconds),
      "peak RSS MB after": peak,
    }));
    const withinBudget =
      rate(dryRunSeconds) >= IMPORT_BUDGET.rowsPerSecond &&
      rate(importSeconds) >= IMPORT_BUDGET.rowsPerSecond &&
      rss < IMPORT_BUDGET.peakRssMb;
    return { rows, mb, peakRssMb: rss, rssAtStart, withinBudget };
  } finally {
    await stopServer(server);
  }
}
