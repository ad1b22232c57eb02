/**
 * Money is integer cents in storage and arithmetic, dollars (a JSON number with at most two
 * decimals) in the API and on screen (ARCHITECTURE "Data rules"). Convert only here.
 */

/**
 * Dollars → integer cents, rounding half away from zero at the cent. `toPrecision(15)` first
 * removes binary noise, so 19.99 → 1999, 0.1 + 0.2 → 30 and 1.005 → 101 (not 100).
 */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a dollar amount: ${dollars}`);
  const scaled = Number((Math.abs(dollars) * 100).toPrecision(15));
  const cents = Math.sign(dollars) * Math.round(scaled);
  return cents === 0 ? 0 : cents; // no -0
}

/** Integer cents → dollars. */
export function toDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return cents / 100;
}

/** Rounds a dollar amount to the cent. */
export function roundDollars(dollars: number): number {
  return toDollars(toCents(dollars));
}

/** Sum of dollar amounts, exact to the cent. */
export function sumDollars(amounts: Iterable<number>): number {
  let cents = 0;
  for (const amount of amounts) cents += toCents(amount);
  return toDollars(cents);
}

/**
 * Whole cents as US dollars, written as `Intl.NumberFormat("en-US", { style: "currency",
 * currency: "USD" })` writes them (a test holds the two together). By hand because the first
 * `Intl` formatter of a page loads the engine's locale data, one of the longest pieces of work
 * on the storefront's main thread at start-up, and the storefront shows prices at once.
 */
function usd(cents: number): string {
  const abs = Math.abs(cents);
  const cent = abs % 100;
  const whole = String((abs - cent) / 100).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${cents < 0 || Object.is(cents, -0) ? "-" : ""}$${whole}.${cent < 10 ? "0" : ""}${cent}`;
}

/** "$24.50", "$1,234.00", "-$5.00": prices always show exact cents (DOMAIN "Amounts shown"). */
export function formatMoney(dollars: number): string {
  return formatCents(toCents(dollars));
}

/** `formatMoney` for an amount held in cents. */
export function formatCents(cents: number): string {
  toDollars(cents); // a fraction of a cent, or too many cents, is a RangeError
  return usd(cents);
}

/**
 * Price after a percentage discount (0–100), rounded to the cent (half up): the member
 * payment step's final price. The server recomputes it rather than trusting the screen.
 */
export function applyDiscount(price: number, discountPercent: number): number {
  if (!(discountPercent >= 0 && discountPercent <= 100)) {
    throw new RangeError(`Discount must be 0-100: ${discountPercent}`);
  }
  const priceCents = toCents(price);
  const discountCents = Math.round((priceCents * toCents(discountPercent)) / 10_000);
  return toDollars(priceCents - discountCents);
}

/**
 * Cashback applied to a purchase = min(balance, price, amount asked), never negative; the rest
 * is paid by card (DOMAIN "Paying"). `requested` defaults to as much as possible.
 */
export function applyCashback(input: {
  balance: number;
  price: number;
  requested?: number | undefined;
}): { cashbackUsed: number; remaining: number; isFullyCovered: boolean } {
  const balance = Math.max(0, toCents(input.balance));
  const price = Math.max(0, toCents(input.price));
  const requested = input.requested === undefined ? price : Math.max(0, toCents(input.requested));
  const used = Math.min(balance, price, requested);
  return {
    cashbackUsed: toDollars(used),
    remaining: toDollars(price - used),
    isFullyCovered: used === price,
  };
}
