import { Modal } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGoBack } from "@/lib/use-go-back";
import { OfferForm } from "../components/offer-form";

/** The Create Offer form as a modal over another page (`/merchant/dashboard/new-offer`). */
export function NewOfferModal({ fallbackPath }: { fallbackPath: string }) {
  useDocumentTitle("Create Offer");
  const goBack = useGoBack(fallbackPath);
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) goBack();
      }}
      title="Create Offer"
      size="lg"
    >
      <OfferForm onCancel={goBack} />
    </Modal>
  );
}
