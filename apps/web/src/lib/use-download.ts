import { useState } from "react";
import { notifyError } from "./notify";

/**
 * A file fetched when a button is pressed (reports, exports): `downloading` while it runs, for
 * the button's spinner, and a failure shown as a toast with the server's message.
 */
export function useDownload(run: () => Promise<unknown>) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await run();
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, download };
}
