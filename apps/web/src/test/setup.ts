import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { resetSockets } from "./socket-mock";

// No test opens a real socket: io() hands out fakes the tests drive (see socket-mock.ts).
vi.mock("socket.io-client", () => import("./socket-mock"));

// jsdom lacks pointer capture and scrollIntoView, which Radix and vaul call on interaction.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetSockets();
});
