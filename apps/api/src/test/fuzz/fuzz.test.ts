import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../app";
import { shopDigest } from "../digest";
import {
  type ActorName,
  type ApiDocument,
  type IsolationFixture,
  useRouteWalk,
} from "../isolation/fixture";
import { type Kind, ROUTE_POLICY, victimId } from "../isolation/policy";
import { type FuzzRequest, type Operation, requestsFor } from "./arbitraries";

/**
 * Fuzzing from the contract: every operation of the OpenAPI document, driven by fast-check with
 * valid and hostile paths, queries and bodies, as the route's rightful caller (so requests get
 * past sign-in and reach validation and the handlers). Properties: no 5xx; every 4xx has the
 * standard error body; every 2xx JSON body matches the documented response schema; a refused
 * write changes nothing of the shop.
 *
 * CI runs a fixed seed and a few runs per operation; `npm run fuzz` runs many more with a
 * random seed (FUZZ_SEED, FUZZ_RUNS) and prints the seed of any failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

/** Left out: they end or re-key the fuzzing sessions themselves, or stream forever. */
const SKIPPED = new Set([
  "GET /api/v1/events",
  "POST /api/v1/auth/logout",
  "PUT /api/v1/auth/update-password",
  "PUT /api/v1/customer/profile/update-password/:id",
]);

const CALLER: Record<Kind, ActorName> = {
  public: "none",
  provider: "none",
  session: "ownerA",
  merchant: "ownerA",
  owner: "ownerA",
  customer: "customerA1",
};

/** Customer routes first, deletions last, so the fixture lives as long as it can. */
function order(key: string) {
  const kind = ROUTE_POLICY[key];
  return (kind === "customer" ? 0 : 1) + (key.startsWith("DELETE") || /delete/.test(key) ? 2 : 0);
}

describe("contract fuzzing", () => {
  let t: TestApp;
  let fixture: IsolationFixture;
  let doc: ApiDocument<Operation>;
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction | null>();

  useRouteWalk<Operation>((walk) => ({ t, fixture, doc } = walk));

  function responseValidator(key: string, op: Operation, status: number) {
    const id = `${key} ${status}`;
    if (!validators.has(id)) {
      const schema = op.responses?.[String(status)]?.content?.["application/json"]?.schema;
      validators.set(id, schema ? ajv.compile(schema) : null);
    }
    return validators.get(id) ?? null;
  }

  async function send(key: string, request: FuzzRequest, actor: ActorName) {
    const [method, url] = key.split(" ") as [string, string];
    let path = url;
    for (const [name, value] of Object.entries(request.path)) {
      path = path.replace(`:${name}`, value || "%20");
    }
    const qs = Object.entries(request.query)
      .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
      .join("&");
    const headers: Record<string, string> = { ...fixture.headers[actor] };
    let payload: string | Buffer | undefined;
    if (request.body.kind === "json") {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(request.body.value) ?? "null";
    } else if (request.body.kind === "raw") {
      headers["content-type"] = request.body.contentType;
      payload = request.body.payload;
    }
    return t.app.inject({
      method: method as "GET",
      url: qs ? `${path}?${qs}` : path,
      headers,
      ...(payload === undefined || method === "GET" ? {} : { payload }),
    });
  }

  it("keeps every property on every operation", async () => {
    const keys = t.app.apiRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => key in ROUTE_POLICY && !SKIPPED.has(key))
      .sort((a, b) => order(a) - order(b));
    let cases = 0;
    const statuses = new Map<string, number>();
    for (const key of keys) {
      const [method, url] = key.split(" ") as [string, string];
      const op = doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()] ?? {};
      const kind = ROUTE_POLICY[key] as Kind;
      const idOf = (where: "path" | "query" | "body") => (field: string) =>
        victimId(fixture.ids, url, field, where);
      await fc.assert(
        fc.asyncProperty(requestsFor(op, idOf), async (request) => {
          const before =
            method === "GET" ? "" : await shopDigest(t.database.db, fixture.ids.shopId);
          const res = await send(key, request, CALLER[kind]);
          cases += 1;
          const band = `${Math.floor(res.statusCode / 100)}xx`;
          statuses.set(band, (statuses.get(band) ?? 0) + 1);
          const where = `${key} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
          const json = /json/.test(String(res.headers["content-type"] ?? ""));
          if (res.statusCode >= 400) {
            const body = json ? res.json() : null;
            const standard =
              body !== null &&
              typeof body.message === "string" &&
              (body.errors === undefined ||
                Object.values(body.errors).every((v) => typeof v === "string"));
            if (!standard) throw new Error(`non-standard error body: ${where}`);
            if (method !== "GET") {
              const after = await shopDigest(t.database.db, fixture.ids.shopId);
              if (after !== before) throw new Error(`a refused write changed data: ${where}`);
            }
          } else if (res.statusCode < 300 && json) {
            const validate = responseValidator(key, op, res.statusCode);
            if (validate && !validate(res.json())) {
              throw new Error(`undocumented 2xx body: ${where} ${ajv.errorsText(validate.errors)}`);
            }
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    console.info(
      `contract fuzz: ${keys.length} operations, ${cases} cases, seed ${SEED}, ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(cases).toBeGreaterThanOrEqual(keys.length * RUNS);
  }, 600_000);
});
