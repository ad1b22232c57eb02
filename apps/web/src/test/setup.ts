import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { resetSockets } from "./socket-mock";

// A loaded CI machine renders slower than a laptop: findBy/waitFor wait up to 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

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
