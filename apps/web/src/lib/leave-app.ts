/**
 * Leaves the app for another site (a payment provider's pages). Its own module, so tests can
 * replace it: jsdom cannot navigate and `window.location` cannot be spied on.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
