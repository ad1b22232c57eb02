import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import { primeStorefront } from "./features/storefront/api";
import { createQueryClient } from "./lib/query-client";
import { captureSessionTokenFromWindow } from "./lib/session-hooks";
import "./styles.css";

// Before the router reads the URL: store a session token from the address and strip it.
captureSessionTokenFromWindow();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Missing #root element");

const queryClient = createQueryClient();
primeStorefront(queryClient, window.location.pathname);
const root = createRoot(rootElement);

// Start-up in short tasks, not one long one that holds a phone's main thread: the modules run in
// this task, the router is built in the next, and the first render is a transition, which React
// renders in slices, giving the browser its turn between them. What it renders is unchanged.
setTimeout(() => {
  const router = createAppRouter();
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
