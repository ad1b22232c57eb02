import { RouteModal } from "@/components/route-modal";
import { useDocumentTitle } from "@/lib/use-document-title";
import { OfferForm } from "../components/offer-form";

/** The Create Offer form as a modal over another page (`/merchant/dashboard/new-offer`). */
export function NewOfferModal({ fallbackPath }: { fallbackPath: string }) {
  useDocumentTitle("Create Offer");
  return (
    <RouteModal fallbackPath={fallbackPath} title="Create Offer">
      {(goBack) => <OfferForm onCancel={goBack} />}
    </RouteModal>
  );
}
