import { BackLink } from "@/components/back-link";
import { Card } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGoBack } from "@/lib/use-go-back";
import { OfferForm } from "../components/offer-form";
import { OFFERS_PATH } from "../offer-tabs";

/** `/merchant/offers/new-offer`: the Create Offer form as a page. */
export function NewOfferPage({ backPath = OFFERS_PATH }: { backPath?: string }) {
  useDocumentTitle("Create Offer");
  const goBack = useGoBack(backPath);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to={backPath}>Back</BackLink>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Create Offer</h1>
      <Card>
        <OfferForm onCancel={goBack} />
      </Card>
    </div>
  );
}
