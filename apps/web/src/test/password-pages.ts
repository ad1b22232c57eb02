import { screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { routes } from "@/app/router";
import { jsonResponse, mockApi } from "./api-mock";
import { fillAndPress } from "./forms";
import { renderRoutes } from "./render";

/** Opens the app at `path`, the API answering `apiRoutes`, once its New Password field shows. */
export async function openNewPasswordForm(path: string, apiRoutes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(apiRoutes);
  const { router } = renderRoutes(routes, path);
  const user = userEvent.setup();
  await screen.findByLabelText("New Password");
  return { api, router, user };
}

/** Types `password` as the New Password and again in the field labelled `confirm`, then presses `submit`. */
export function enterNewPassword(
  user: UserEvent,
  password: string,
  confirm: string,
  submit: string,
) {
  return fillAndPress(user, { "New Password": password, [confirm]: password }, submit);
}

/**
 * An update-password call that refuses the current password the first time (`message`, on the
 * Current Password field) and succeeds from then on.
 */
export function refusesCurrentPasswordOnce(message: string) {
  let attempts = 0;
  return () => {
    attempts += 1;
    return attempts === 1
      ? jsonResponse({ message, errors: { currentPassword: message } }, 400)
      : { message: "Password updated successfully" };
  };
}
