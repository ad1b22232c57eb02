import { describe, expect, it } from "vitest";
import { loginSchema } from "./auth.ts";
import { checkLogin } from "./login-check.ts";

/** What the schema answers, in the hand check's shape. */
function bySchema(input: { email: string; password: string }) {
  const parsed = loginSchema.safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const EMAILS = [
  "",
  "   ",
  "ana@shop.test",
  "  Ana@Shop.TEST  ",
  "ana@shop",
  "ana shop@x.io",
  "ana@\u0000shop.io",
  "ana@x.io\n",
  `${"a".repeat(250)}@x.io`,
  "a@b.c",
];
const PASSWORDS = [
  "",
  " ",
  "Secret@123",
  " Secret@123",
  "secret@123",
  "Secret123",
  "Sec@1",
  "Secret@123\u0007",
  `Secret@1${"a".repeat(130)}`,
  "Sécret@123",
];

describe("checkLogin", () => {
  it("answers as loginSchema does, message for message", () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS) {
        expect(checkLogin({ email, password }), JSON.stringify({ email, password })).toEqual(
          bySchema({ email, password }),
        );
      }
    }
  });

  it("gives the normalized e-mail and the password as typed", () => {
    expect(checkLogin({ email: " Ana@Shop.Test ", password: "Secret@123" })).toEqual({
      ok: true,
      values: { email: "ana@shop.test", password: "Secret@123" },
    });
  });
});
