import { CATALOGUE_MESSAGES, idSchema } from "@tessera/shared";
import { useSearchParams } from "react-router";
import { Alert, ErrorState, LoadingFields, Modal, QueryErrorState } from "@/components/ui";
import { useGoBack } from "@/lib/use-go-back";
import { useOffer } from "../api";
import { OfferForm } from "../components/offer-form";

/** `…/update-offer?id=` (and the storefront's edit-offer): the offer form in a modal. */
export function UpdateOfferModal({ fallbackPath }: { fallbackPath: string }) {
  const [params] = useSearchParams();
  const parsed = idSchema.safeParse(params.get("id") ?? "");
  const id = parsed.success ? parsed.data : null;
  const offer = useOffer(id);
  const goBack = useGoBack(fallbackPath);

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) goBack();
      }}
      title="Update Offer"
      size="lg"
    >
      {id === null ? (
        <ErrorState message={CATALOGUE_MESSAGES.offerNotFound} />
      ) : offer.isPending ? (
        <LoadingFields
          label="Loading offer"
          shapes={["h-32 w-full", "h-11 w-full", "h-24 w-full"]}
        />
      ) : offer.isError ? (
        <QueryErrorState query={offer} />
      ) : offer.data.status === "cancelled" ? (
        <Alert tone="warning">{CATALOGUE_MESSAGES.offerReadOnly}</Alert>
      ) : (
        <OfferForm key={offer.data.id} offer={offer.data} onCancel={goBack} />
      )}
    </Modal>
  );
}
