import { CATALOGUE_MESSAGES, idSchema } from "@tessera/shared";
import { useSearchParams } from "react-router";
import { RouteModal } from "@/components/route-modal";
import { Alert, QueryRecord } from "@/components/ui";
import { useOffer } from "../api";
import { OfferForm } from "../components/offer-form";

/** `…/update-offer?id=` (and the storefront's edit-offer): the offer form in a modal. */
export function UpdateOfferModal({ fallbackPath }: { fallbackPath: string }) {
  const [params] = useSearchParams();
  const parsed = idSchema.safeParse(params.get("id") ?? "");
  const id = parsed.success ? parsed.data : null;
  const offer = useOffer(id);

  return (
    <RouteModal fallbackPath={fallbackPath} title="Update Offer">
      {(goBack) => (
        <QueryRecord
          id={id}
          query={offer}
          notFound={CATALOGUE_MESSAGES.offerNotFound}
          loading={{
            label: "Loading offer",
            shapes: ["h-32 w-full", "h-11 w-full", "h-24 w-full"],
          }}
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
