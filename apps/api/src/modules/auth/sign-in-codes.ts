import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import {
  SIGN_IN_CODE_MAX_TRIES,
  SIGN_IN_CODE_MESSAGES,
  SIGN_IN_CODE_MINUTES,
  type SignInCodeRequest,
  type SignInCodeVerify,
} from "@tessera/shared";
import type { Customer, Shop, SignInCode } from "../../db/schema";
import { AppError } from "../../errors";
import type { Executor } from "../../infra/db";
import * as codes from "./code-repo";
import { type AuthDeps, accountDisabled, link, requireShop } from "./context";
import { announceNewMember } from "./customer-accounts";
import { toCustomerDto } from "./dto";
import * as repo from "./repo";
import { createSession } from "./session";
import { hashToken, newToken } from "./tokens";

/**
 * Passwordless sign-in for a shop's customers: a 6-digit code and a one-click link, e-mailed,
 * both good once for ten minutes. Five wrong codes kill it; requests are rate-limited per
 * address and per IP by the route. The answer to a request never says whether the address has
 * an account. When the shop allows it, the first sign-in creates the account, its e-mail
 * verified by the code itself.
 */

/**
 * Six digits cannot be kept secret from whoever reads the table, hashed or not; the hash (salted
 * with the row's link hash) only keeps them out of logs and dumps. The tries limit protects them.
 */
function hashCode(code: string, linkHash: string): string {
  return createHash("sha256").update(`${linkHash}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export async function requestSignInCode(ctx: AuthDeps, input: SignInCodeRequest) {
  const shop = await requireShop(ctx, input.shopId);
  const customer = await repo.findCustomerByEmail(ctx.db, shop.id, input.email);
  const allowed = customer ? !customer.isDisabled : shop.codeSignUp;
  if (allowed) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const token = newToken();
    const linkHash = hashToken(token);
    await ctx.db.transaction((tx) =>
      codes.replaceCode(tx, {
        shopId: shop.id,
        email: input.email,
        codeHash: hashCode(code, linkHash),
        linkHash,
        expiresAt: new Date(Date.now() + SIGN_IN_CODE_MINUTES * 60_000),
      }),
    );
    await ctx.emails.sendSignInCode({
      to: input.email,
      firstName: customer?.firstName ?? null,
      locale: customer?.locale ?? null,
      code,
      link: link(ctx, `/${shop.id}/login/code`, { token }),
      shop,
      validForMinutes: SIGN_IN_CODE_MINUTES,
    });
  }
  return { message: SIGN_IN_CODE_MESSAGES.sent };
}

type Checked = { ok: true; row: SignInCode } | { ok: false; error: AppError };

function refused(message: string): Checked {
  return { ok: false, error: new AppError("BAD_REQUEST", message, { errors: { code: message } }) };
}

/**
 * Checks the code or link in its own transaction, so a wrong try is counted even though the
 * request then fails. A right one is not used up yet: a new customer may still owe a name.
 */
async function checkCode(ctx: AuthDeps, shop: Shop, input: SignInCodeVerify): Promise<Checked> {
  return ctx.db.transaction(async (tx): Promise<Checked> => {
    const now = new Date();
    if (input.token) {
      const row = await codes.lockOpenCode(tx, shop.id, { linkHash: hashToken(input.token) }, now);
      return row ? { ok: true, row } : refused(SIGN_IN_CODE_MESSAGES.expired);
    }
    const row = await codes.lockOpenCode(tx, shop.id, { email: input.email ?? "" }, now);
    if (!row) return refused(SIGN_IN_CODE_MESSAGES.expired);
    if (sameHash(hashCode(input.code ?? "", row.linkHash), row.codeHash)) return { ok: true, row };
    const tries = await codes.recordWrongCode(tx, row, SIGN_IN_CODE_MAX_TRIES);
    return refused(
      tries >= SIGN_IN_CODE_MAX_TRIES
        ? SIGN_IN_CODE_MESSAGES.tooManyTries
        : SIGN_IN_CODE_MESSAGES.wrongCode,
    );
  });
}

export async function signInWithCode(ctx: AuthDeps, input: SignInCodeVerify) {
  const shop = await requireShop(ctx, input.shopId);
  const checked = await checkCode(ctx, shop, input);
  if (!checked.ok) throw checked.error;
  const { row } = checked;
  const existing = await repo.findCustomerByEmail(ctx.db, shop.id, row.email);
  if (existing?.isDisabled) throw accountDisabled();
  if (!existing && !shop.codeSignUp)
    throw new AppError("BAD_REQUEST", SIGN_IN_CODE_MESSAGES.expired);
  if (!existing && !(input.firstName && input.lastName)) {
    // The code stays good: the page asks for the name and sends it again with the code.
    return { needsName: true as const, email: row.email };
  }
  const customer = await ctx.db.transaction(async (tx) => {
    // Used once: a second request with the same code finds it closed and stops here.
    const still = await codes.lockOpenCode(tx, shop.id, { linkHash: row.linkHash }, new Date());
    if (!still) throw new AppError("BAD_REQUEST", SIGN_IN_CODE_MESSAGES.expired);
    await codes.closeCode(tx, row.id);
    return existing ?? (await createCustomer(tx, shop, row.email, input));
  });
  await repo.markEmailVerified(ctx.db, { customerId: customer.id });
  const token = await createSession(ctx.db, { customerId: customer.id });
  return { token, customer: toCustomerDto({ ...customer, emailVerifiedAt: new Date() }) };
}

async function createCustomer(
  tx: Executor,
  shop: Shop,
  email: string,
  input: SignInCodeVerify,
): Promise<Customer> {
  const inserted = await codes.insertCustomerIfNew(tx, {
    shopId: shop.id,
    email,
    firstName: input.firstName ?? "",
    lastName: input.lastName ?? "",
    emailVerifiedAt: new Date(),
  });
  if (!inserted) {
    // Signed up with a password a moment ago: the code vouches for the same address.
    const found = await repo.findCustomerByEmail(tx, shop.id, email);
    if (!found) throw new Error("customer vanished during code sign-in");
    return found;
  }
  await announceNewMember(tx, inserted);
  return inserted;
}
