import { Upload } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "@/components/ui";
import { useCurrentUser } from "@/features/session";

/** The Members screen's "Import" (owner only: staff cannot import, so they do not see it). */
export function ImportMembersButton() {
  const user = useCurrentUser();
  if (user.data?.role !== "owner") return null;
  return (
    <Link
      to="/merchant/members/import"
      className={buttonClassName({ variant: "outline", className: "no-underline" })}
    >
      <Upload aria-hidden="true" className="size-4" />
      Import
    </Link>
  );
}
