// Catalogue sections compiled at build time by scripts/catalogue-plugin.ts (one per area).
declare module "*.json?compiled&section=public" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}

declare module "*.json?compiled&section=customer" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}

declare module "*.json?compiled&section=auth" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}
