import { idSchema } from "@tessera/shared";
import { useLocation, useSearchParams } from "react-router";

/**
 * The id a modal over the dashboard is opened on (the offer to buy, the benefit to redeem):
 * navigation state `{ [key]: id }`, or `?key=id` after a reload; null when neither holds one.
 */
export function useModalSubjectId(key: "offerId" | "benefitId"): number | null {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = (location.state as Record<string, unknown> | null)?.[key];
  const parsed = idSchema.safeParse(fromState ?? params.get(key) ?? "");
  return parsed.success ? parsed.data : null;
}
