import fc from "fast-check";
import { type JsonSchema, sampleObject, sampleValue } from "../isolation/sample";

/** What an attacker puts where a value goes: wrong types, edges, NUL, markup, huge text. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "Eve\r\nInjected",
    "\u001b[31m",
    "null",
    "-1",
    "0",
    "1.5",
    "1e308",
    "NaN",
    "Infinity",
    "9007199254740993",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "😀".repeat(500),
    "x".repeat(70_000),
  ),
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.1),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A value as it travels in a URL: anything, stringified and percent-encoded. */
export function asUrlText(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded; send its escape as text instead.
    return encodeURIComponent(JSON.stringify(text));
  }
}

export type Operation = {
  parameters?: { in: "path" | "query"; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

export type FuzzBody =
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string; payload: string | Buffer }
  | { kind: "none" };

export type FuzzRequest = {
  path: Record<string, string>;
  query: Record<string, string>;
  body: FuzzBody;
};

/** A valid sample of a field, or something hostile in its place. */
function field(
  schema: JsonSchema,
  name: string,
  idOf: (field: string) => number | string | undefined,
) {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(sampleValue(schema, name, idOf)) },
    { weight: 3, arbitrary: hostileScalar },
  );
}

/** Bodies no client should send: broken JSON, deep nesting, 5 MB, the wrong content type. */
const brokenBodies: fc.Arbitrary<FuzzBody> = fc.constantFrom<FuzzBody>(
  { kind: "raw", contentType: "application/json", payload: '{"a":' },
  { kind: "raw", contentType: "application/json", payload: "[1,2" },
  { kind: "raw", contentType: "application/json", payload: "\u0000" },
  {
    kind: "raw",
    contentType: "application/json",
    payload: `${"[".repeat(5000)}${"]".repeat(5000)}`,
  },
  { kind: "raw", contentType: "application/json", payload: Buffer.alloc(5 * 1024 * 1024, 32) },
  { kind: "raw", contentType: "text/plain", payload: "hello" },
  { kind: "raw", contentType: "application/x-www-form-urlencoded", payload: "a=1&b=2" },
  { kind: "raw", contentType: "multipart/form-data", payload: "--x\r\nbroken" },
  {
    kind: "raw",
    contentType: "multipart/form-data; boundary=x",
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  },
  { kind: "raw", contentType: "application/xml", payload: "<a/>" },
);

/**
 * Requests for one operation of the OpenAPI document: every path, query and body field either
 * valid (the victim's ids, plausible values) or hostile, plus broken bodies.
 */
export function requestsFor(
  op: Operation,
  idOf: (where: "path" | "query" | "body") => (field: string) => number | string | undefined,
): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters ?? [];
  const path: Record<string, fc.Arbitrary<string>> = {};
  const query: Record<string, fc.Arbitrary<string>> = {};
  for (const p of params) {
    const value = field(p.schema, p.name, idOf(p.in)).map(asUrlText);
    if (p.in === "path") path[p.name] = value;
    else query[p.name] = value;
  }
  const schema = op.requestBody?.content["application/json"]?.schema;
  let body: fc.Arbitrary<FuzzBody> = fc.oneof(
    { weight: 4, arbitrary: fc.constant<FuzzBody>({ kind: "none" }) },
    { weight: 1, arbitrary: brokenBodies },
  );
  if (schema) {
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      fields[name] = field(property, name, idOf("body"));
    }
    const valid = sampleObject(schema, idOf("body"));
    body = fc.oneof(
      { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: "json", value: valid }) },
      {
        weight: 5,
        arbitrary: fc
          .record(fields, { requiredKeys: [] })
          .map((value): FuzzBody => ({ kind: "json", value })),
      },
      { weight: 1, arbitrary: fc.jsonValue().map((value): FuzzBody => ({ kind: "json", value })) },
      { weight: 1, arbitrary: brokenBodies },
    );
  }
  return fc
    .record({ path: fc.record(path), query: fc.record(query, { requiredKeys: [] }), body })
    .map(({ path, query, body }) => ({
      path,
      query: Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      body,
    }));
}
