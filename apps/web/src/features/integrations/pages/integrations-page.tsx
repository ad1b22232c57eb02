import { Navigate } from "react-router";
import { BackLink } from "@/components/back-link";
import { MERCHANT_PROFILE_PATH, useCurrentUser } from "@/features/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ApiKeysSection } from "../components/api-keys-section";
import { WebhooksSection } from "../components/webhooks-section";

export const INTEGRATIONS_PATH = `${MERCHANT_PROFILE_PATH}/integrations`;

/** `/merchant/profile/integrations` (owner only): the shop's API keys and webhooks. */
export function IntegrationsPage() {
  useDocumentTitle("Integrations");
  const user = useCurrentUser();
  if (user.data && user.data.role !== "owner") {
    return <Navigate to={MERCHANT_PROFILE_PATH} replace />;
  }
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackLink to={MERCHANT_PROFILE_PATH} look="section">
          Profile
        </BackLink>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Integrations</h1>
      </div>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
