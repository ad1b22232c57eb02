import { MERCHANT_PROFILE_PATH } from "@/features/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ApiKeysSection } from "../components/api-keys-section";
import { OwnerPage } from "../components/owner-page";
import { WebhooksSection } from "../components/webhooks-section";

export const INTEGRATIONS_PATH = `${MERCHANT_PROFILE_PATH}/integrations`;

/** `/merchant/profile/integrations` (owner only): the shop's API keys and webhooks. */
export function IntegrationsPage() {
  useDocumentTitle("Integrations");
  return (
    <OwnerPage title="Integrations" back={{ to: MERCHANT_PROFILE_PATH, label: "Profile" }}>
      <ApiKeysSection />
      <WebhooksSection />
    </OwnerPage>
  );
}
