import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";

/**
 * Puts each value in the field with that label (replacing what it held), then presses the
 * button named `submit`.
 */
export async function fillAndPress(
  user: UserEvent,
  values: Record<string, string>,
  submit: string,
) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText<HTMLInputElement>(label);
    if (field.value) await user.clear(field);
    await user.type(field, value);
  }
  await user.click(screen.getByRole("button", { name: submit }));
}
