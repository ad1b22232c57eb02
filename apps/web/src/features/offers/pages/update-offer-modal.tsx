import { CATALOGUE_MESSAGES } from "@tessera/shared";
import { QueryFormRecord } from "@/components/query-form-record";
import { RouteModal } from "@/components/route-modal";
import { Alert } from "@/components/ui";
import { useOffer } from "../api";
import { OfferForm } from "../components/offer-form";

/** `…/update-offer?id=` (and the storefront's edit-offer): the offer form in a modal. */
export function UpdateOfferModal({ fallbackPath }: { fallbackPath: string }) {
  return (
    <RouteModal fallbackPath={fallbackPath} title="Update Offer">
      {(goBack) => (
        <QueryFormRecord
          useRecord={useOffer}
          notFound={CATALOGUE_MESSAGES.offerNotFound}
          loadingLabel="Loading offer"
          fieldShapes={["h-32 w-full", "h-11 w-full", "h-24 w-full"]}
        >
          {(record) =>
            record.status === "cancelled" ? (
              <Alert tone="warning">{CATALOGUE_MESSAGES.offerReadOnly}</Alert>
            ) : (
              <OfferForm key={record.id} offer={record} onCancel={goBack} />
            )
          }
        </QueryFormRecord>
      )}
    </RouteModal>
  );
}
