import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import { captureSessionTokenFromWindow } from "./lib/session-hooks";
import "./styles.css";

// Before the router reads the URL: store a session token from the address and strip it.
captureSessionTokenFromWindow();

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Missing #root element");

createRoot(rootElement).render(
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>,
);
