import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RootLayout } from "@/app/layouts/root-layout";
import { renderRoutes } from "@/test/render";
import { LoginPage } from "./login-page";

/** The merchant login page with the two places a sign-in lands on. */
export function renderLogin(initialEntry = "/") {
  return renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [
          { path: "/", element: <LoginPage /> },
          { path: "/merchant/dashboard", element: <h1>Dashboard</h1> },
          { path: "/create-shop", element: <h1>Create shop</h1> },
        ],
      },
    ],
    initialEntry,
  );
}

/** Types the e-mail and password and presses "Log in"; returns the user for the next steps. */
export async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("E-mail"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Log in" }));
  return user;
}
