import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  importMessage,
  isDateOnly,
  MEMBER_IMPORT_MESSAGES as M,
  MEMBER_CSV_FIELDS,
  type MemberCsvField,
  type MemberImportMapping,
  normalizePhoneNumber,
} from "@tessera/shared";

/**
 * One CSV row read through the mapping and checked, without the database: the dry run and the
 * job both read rows through here, so what the dry run promises is what the job does.
 *
 * An empty cell means "not given": a new member gets the default, an existing one keeps what
 * they have. So a file with only e-mail and balance columns updates balances and nothing else.
 */

export type ImportTier = { id: number; name: string; renewal: "monthly" | "yearly" };
export type ImportPaymentType = "online" | "pos" | "cash";

export type ImportRowValues = {
  email: string;
  firstName: string | undefined;
  lastName: string | undefined;
  phone: string | undefined;
  membership:
    | {
        tier: ImportTier;
        plan: "monthly" | "yearly";
        start: string | undefined;
        nextRenewal: string | undefined;
        paymentType: ImportPaymentType | undefined;
      }
    | undefined;
  balanceCents: number | undefined;
  joined: string | undefined;
};

export type ImportRowError = { field: string; message: string };

export type ParsedImportRow =
  | { ok: true; values: ImportRowValues }
  | { ok: false; email: string; errors: ImportRowError[] };

const LABELS = Object.fromEntries(MEMBER_CSV_FIELDS.map((f) => [f.key, f.label])) as Record<
  MemberCsvField,
  string
>;
const PAYMENT_TYPES: Record<string, ImportPaymentType> = {
  card: "online",
  online: "online",
  pos: "pos",
  cash: "cash",
};
const MAX_BALANCE_CENTS = 10_000_000;
const BALANCE = /^\$?(\d{1,9})(?:\.(\d{1,2}))?$/;

/** The export writes `'=x` for a name starting with a formula character; read it back as `=x`. */
function unguard(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

/** The cells by field; unmapped fields are "". */
export function cellsByField(
  cells: readonly string[],
  mapping: MemberImportMapping,
): Record<MemberCsvField, string> {
  const out = Object.fromEntries(MEMBER_CSV_FIELDS.map((f) => [f.key, ""])) as Record<
    MemberCsvField,
    string
  >;
  mapping.forEach((field, index) => {
    if (field) out[field] = unguard((cells[index] ?? "").trim());
  });
  return out;
}

/** "12.50" → 1250; a leading "$" is allowed, thousands separators are not (they are ambiguous). */
export function parseBalance(value: string): number | ImportRowError {
  const field = "cashbackBalance";
  if (/^-/.test(value)) return { field, message: M.balanceNegative };
  const match = BALANCE.exec(value);
  if (!match) return { field, message: M.balanceInvalid };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  if (cents > MAX_BALANCE_CENTS) return { field, message: M.balanceTooLarge };
  return cents;
}

function checkDate(field: MemberCsvField, value: string, errors: ImportRowError[]) {
  if (!value) return undefined;
  if (isDateOnly(value)) return value;
  errors.push({ field, message: importMessage(M.dateInvalid, { field: LABELS[field] }) });
  return undefined;
}

function checkNames(v: Record<MemberCsvField, string>, errors: ImportRowError[]) {
  if (!v.firstName) errors.push({ field: "firstName", message: M.firstNameRequired });
  for (const field of ["firstName", "lastName"] as const) {
    if (v[field].length > 100) errors.push({ field, message: M.nameTooLong });
  }
}

function checkMembership(
  v: Record<MemberCsvField, string>,
  tiers: ReadonlyMap<string, ImportTier>,
  errors: ImportRowError[],
): ImportRowValues["membership"] {
  const start = checkDate("membershipStart", v.membershipStart, errors);
  const nextRenewal = checkDate("nextRenewal", v.nextRenewal, errors);
  const paymentKey = v.paymentType.toLowerCase();
  const paymentType = paymentKey ? PAYMENT_TYPES[paymentKey] : undefined;
  if (paymentKey && !paymentType) {
    errors.push({ field: "paymentType", message: M.paymentTypeInvalid });
  }
  const planKey = v.plan.toLowerCase();
  if (planKey && planKey !== "monthly" && planKey !== "yearly") {
    errors.push({ field: "plan", message: M.planInvalid });
  }
  if (start && nextRenewal && nextRenewal <= start) {
    errors.push({ field: "nextRenewal", message: M.renewalBeforeStart });
  }
  if (!v.tier) {
    if (v.plan || v.membershipStart || v.nextRenewal || v.paymentType) {
      errors.push({ field: "tier", message: M.tierNeeded });
    }
    return undefined;
  }
  const tier = tiers.get(v.tier.toLowerCase());
  if (!tier) {
    errors.push({ field: "tier", message: importMessage(M.tierUnknown, { value: v.tier }) });
    return undefined;
  }
  const plan = (planKey || tier.renewal) as "monthly" | "yearly";
  if ((plan === "monthly" || plan === "yearly") && plan !== tier.renewal) {
    errors.push({
      field: "plan",
      message: importMessage(M.planMismatch, { tier: tier.name, renewal: tier.renewal, plan }),
    });
  }
  return { tier, plan, start, nextRenewal, paymentType };
}

/** Reads and checks one row; `tiers` is the shop's by lower-cased name. */
export function parseImportRow(
  cells: readonly string[],
  mapping: MemberImportMapping,
  tiers: ReadonlyMap<string, ImportTier>,
): ParsedImportRow {
  const v = cellsByField(cells, mapping);
  const errors: ImportRowError[] = [];
  const email = v.email.toLowerCase();
  if (!email) errors.push({ field: "email", message: M.emailRequired });
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    errors.push({ field: "email", message: M.emailInvalid });
  }
  checkNames(v, errors);
  let phone: string | undefined;
  if (v.phone) {
    phone = normalizePhoneNumber(v.phone) ?? undefined;
    if (!phone) errors.push({ field: "phone", message: M.phoneInvalid });
  }
  const membership = checkMembership(v, tiers, errors);
  let balanceCents: number | undefined;
  if (v.cashbackBalance) {
    const parsed = parseBalance(v.cashbackBalance);
    if (typeof parsed === "number") balanceCents = parsed;
    else errors.push(parsed);
  }
  const joined = checkDate("joined", v.joined, errors);
  if (errors.length > 0) return { ok: false, email, errors };
  return {
    ok: true,
    values: {
      email,
      firstName: v.firstName,
      lastName: v.lastName || undefined,
      phone,
      membership,
      balanceCents,
      joined,
    },
  };
}
