import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { BackLink } from "@/components/back-link";
import { useCurrentUser } from "@/features/session";

/**
 * A page only the shop owner may open (integrations, member import): staff are sent back to
 * where the back link points. Its heading sits under that link.
 */
export function OwnerPage({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  const user = useCurrentUser();
  if (user.data && user.data.role !== "owner") return <Navigate to={back.to} replace />;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <BackLink to={back.to} look="section">
          {back.label}
        </BackLink>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">{title}</h1>
      </div>
      {children}
    </div>
  );
}
