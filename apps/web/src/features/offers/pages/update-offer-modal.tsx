import { CATALOGUE_MESSAGES } from "@tessera/shared";
import { useIdParam } from "@/components/id-param";
import { RouteModal } from "@/components/route-modal";
import { Alert, LoadingFields, QueryRecord } from "@/components/ui";
import { useOffer } from "../api";
import { OfferForm } from "../components/offer-form";

/** `…/update-offer?id=` (and the storefront's edit-offer): the offer form in a modal. */
export function UpdateOfferModal({ fallbackPath }: { fallbackPath: string }) {
  const { id } = useIdParam();
  const offer = useOffer(id);

  return (
    <RouteModal fallbackPath={fallbackPath} title="Update Offer">
      {(goBack) => (
        <QueryRecord
          id={id}
          query={offer}
          notFound={CATALOGUE_MESSAGES.offerNotFound}
          loading={
            <LoadingFields
              label="Loading offer"
              shapes={["h-32 w-full", "h-11 w-full", "h-24 w-full"]}
            />
          }
        >
          {(record) =>
            record.status === "cancelled" ? (
              <Alert tone="warning">{CATALOGUE_MESSAGES.offerReadOnly}</Alert>
            ) : (
              <OfferForm key={record.id} offer={record} onCancel={goBack} />
            )
          }
        </QueryRecord>
      )}
    </RouteModal>
  );
}
