import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { fillAndPress } from "@/test/forms";

/**
 * A password form's refusal, as the tests of the reset, set and update password pages walk it:
 * fills `values` and presses `submit` (with no values it only presses), then expects each of
 * `messages` on the page, the first once it shows.
 */
export async function pressAndExpect(
  user: UserEvent,
  values: Record<string, string>,
  submit: string,
  [first, ...others]: [string, ...string[]],
) {
  await fillAndPress(user, values, submit);
  expect(await screen.findByText(first)).toBeInTheDocument();
  for (const message of others) expect(screen.getByText(message)).toBeInTheDocument();
}
