import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
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
      <Link
        to={backPath}
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-fg-muted text-sm no-underline hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Link>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Create Offer</h1>
      <Card>
        <OfferForm onCancel={goBack} />
      </Card>
    </div>
  );
}
