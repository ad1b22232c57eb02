/**
 * A plausible request value from an OpenAPI (JSON Schema) fragment: valid enough to pass the
 * route's validation, so the walk reaches the route's own access checks. Ids come from
 * `idOf(field)`, pointing at the victim's objects.
 */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  nullable?: boolean;
};

const TEXT_BY_NAME: Record<string, unknown> = {
  email: "mallory@example.com",
  url: "https://hooks.example.com/mallory",
  firstName: "Mallory",
  lastName: "Mallet",
  name: "Mallory",
  description: "A description long enough to pass every rule.",
  password: "Secret@123",
  currentPassword: "Secret@123",
  newPassword: "Secret@124",
  confirmPassword: "Secret@124",
  renewal: "monthly",
  plan: "monthly",
  planType: "monthly",
  rewardFrequency: "monthly",
  paymentType: "cash",
  type: "membership",
  role: "Barista",
  token: "not-a-real-token",
  transactionId: "victim-payment",
  phoneNumber: "+14155550123",
  phone: "+14155550123",
  phoneCountry: "US",
  cardNumber: "4111111111111111",
  expiry: "12/40",
  cvc: "123",
  reference: "ref",
  return: "/",
};

const NUMBER_NAMES = /price|amount|cashback|discount|worth/i;

/** Optional fields the routes' rules still need together (a member's phone, a price). */
export const ALWAYS_SENT = new Set([
  "price",
  "cashbackReward",
  "paymentType",
  "phoneNumber",
  "phone",
  "phoneCountry",
]);

function pick(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return schema;
  return pick(options.find((o) => o.type !== "null" && !(o.enum && o.enum[0] === "")) ?? schema);
}

export function sampleValue(
  schema: JsonSchema,
  field: string,
  idOf: (field: string) => number | string | undefined,
): unknown {
  const id = idOf(field);
  if (id !== undefined) return id;
  const s = pick(schema);
  if (s.enum && s.enum.length > 0) return s.enum.find((v) => v !== "") ?? s.enum[0];
  if (field in TEXT_BY_NAME) return TEXT_BY_NAME[field];
  if (field === "Benefits") return [{ name: "Coffee", worth: 1 }];
  switch (s.type) {
    case "object":
      return sampleObject(s, idOf);
    case "array":
      return s.minItems && s.items ? [sampleValue(s.items, field, idOf)] : [];
    case "number":
    case "integer":
      return Math.max(s.minimum ?? 0, NUMBER_NAMES.test(field) ? 5 : 1);
    case "boolean":
      return false;
    default:
      return NUMBER_NAMES.test(field) ? "5" : "sample";
  }
}

/** The required properties, and every optional one that names an id. */
export function sampleObject(
  schema: JsonSchema,
  idOf: (field: string) => number | string | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    if (required.has(field) || ALWAYS_SENT.has(field) || idOf(field) !== undefined) {
      out[field] = sampleValue(property, field, idOf);
    }
  }
  return out;
}
