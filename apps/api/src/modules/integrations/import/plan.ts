import {
  addMonthsClamped,
  formatCalendarDay,
  monthsOf,
  startOfDay,
  toCalendarDay,
} from "@tessera/shared";
import type { ExistingMember, MembershipWrite } from "./repo";
import type { ImportRowValues } from "./rows";

/**
 * What a checked row changes for the member it names (or would create): the dry run's "create /
 * update / unchanged" and the job's writes come from this one function, so a second run of the
 * same file finds nothing to change.
 */

export type RowPlan = {
  customer: { firstName: string; lastName: string; phone: string | null } | null;
  membership:
    | { kind: "insert"; write: Omit<MembershipWrite, "customerId"> }
    | { kind: "update"; id: number; write: Omit<MembershipWrite, "customerId"> }
    | null;
  /** The opening-balance entry: the file's balance minus the ledger's sum. */
  balanceDiffCents: number;
};

export type PlanContext = { timeZone: string; now: Date };

// Time-zone conversions go through Intl and cost microseconds each; an import asks for the same
// few hundred days a hundred thousand times, so both directions are remembered (bounded).
const dayCache = new Map<string, string>();
const instantCache = new Map<string, number>();

function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size > 50_000) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

function dayOf(instant: Date, timeZone: string): string {
  return remember(dayCache, `${timeZone} ${instant.getTime()}`, () => {
    const day = toCalendarDay(instant, timeZone);
    return day ? formatCalendarDay(day) : "";
  });
}

export function startOfDayIn(day: string, timeZone: string): Date {
  return new Date(
    remember(instantCache, `${timeZone} ${day}`, () => startOfDay(day, timeZone).getTime()),
  );
}

/** The first renewal after now of a membership started at `start` (its periods laid end to end). */
function nextRenewalAfter(start: Date, plan: "monthly" | "yearly", now: Date): Date {
  let count = 1;
  let end = addMonthsClamped(start, monthsOf(plan));
  while (end.getTime() <= now.getTime() && count < 1200) {
    count += 1;
    end = addMonthsClamped(start, monthsOf(plan) * count);
  }
  return end;
}

function membershipPlan(
  wanted: NonNullable<ImportRowValues["membership"]>,
  current: ExistingMember["membership"],
  ctx: PlanContext,
): RowPlan["membership"] {
  const { timeZone, now } = ctx;
  const paymentType = wanted.paymentType ?? current?.paymentType ?? "cash";
  const startDate = wanted.start
    ? startOfDayIn(wanted.start, timeZone)
    : (current?.startDate ?? now);
  const expireDate = wanted.nextRenewal
    ? startOfDayIn(wanted.nextRenewal, timeZone)
    : current && dayOf(current.startDate, timeZone) === dayOf(startDate, timeZone)
      ? current.expireDate
      : nextRenewalAfter(startDate, wanted.plan, now);
  const previous = addMonthsClamped(expireDate, -monthsOf(wanted.plan));
  const periodStart = previous.getTime() > startDate.getTime() ? previous : startDate;
  const write = {
    tierId: wanted.tier.id,
    plan: wanted.plan,
    paymentType,
    startDate,
    periodStart,
    expireDate,
  };
  if (!current) return { kind: "insert", write };
  const same =
    current.tierId === write.tierId &&
    current.plan === write.plan &&
    current.paymentType === write.paymentType &&
    dayOf(current.startDate, timeZone) === dayOf(write.startDate, timeZone) &&
    dayOf(current.expireDate, timeZone) === dayOf(write.expireDate, timeZone);
  if (same) return null;
  // A day the file gives is the truth; an unchanged day keeps the stored instant.
  if (dayOf(current.startDate, timeZone) === dayOf(startDate, timeZone)) {
    write.startDate = current.startDate;
  }
  if (dayOf(current.expireDate, timeZone) === dayOf(expireDate, timeZone)) {
    write.expireDate = current.expireDate;
  }
  return { kind: "update", id: current.id, write };
}

/** `existing` is the member as stored (for a member created in this batch: as just created). */
export function planRow(
  values: ImportRowValues,
  existing: ExistingMember | undefined,
  ctx: PlanContext,
): RowPlan {
  const firstName = values.firstName ?? existing?.firstName ?? "";
  const lastName = values.lastName ?? existing?.lastName ?? "";
  const phone = values.phone ?? existing?.phoneNumber ?? null;
  const customerChanged =
    existing !== undefined &&
    (existing.firstName !== firstName ||
      existing.lastName !== lastName ||
      existing.phoneNumber !== phone);
  return {
    customer: customerChanged ? { firstName, lastName, phone } : null,
    membership: values.membership
      ? membershipPlan(values.membership, existing?.membership ?? null, ctx)
      : null,
    balanceDiffCents:
      values.balanceCents === undefined ? 0 : values.balanceCents - (existing?.balanceCents ?? 0),
  };
}

export function changesAnything(plan: RowPlan): boolean {
  return plan.customer !== null || plan.membership !== null || plan.balanceDiffCents !== 0;
}
