// A catalogue compiled at build time by scripts/catalogue-plugin.ts.
declare module "*.json?compiled&section=public" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}
