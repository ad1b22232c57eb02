import { useQueryClient } from "@tanstack/react-query";
import type { User } from "@tessera/shared";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Card, QueryErrorState, Skeleton } from "@/components/ui";
import { sessionKeys, useCurrentUser, VerifyEmailNotice } from "@/features/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { CreateShopForm } from "../components/create-shop-form";
import { LogoutButton } from "../components/logout-button";

function FormSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-5">
      <span className="sr-only">Loading</span>
      {[0, 1].map((row) => (
        <div key={row}>
          <Skeleton className="mb-2 h-4 w-24" />
          <Skeleton className="h-11 w-full" />
        </div>
      ))}
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * `/create-shop` (behind the merchant guard; owners who have a shop never see it). An account
 * whose e-mail is not verified gets the verify notice with Resend instead of a form that
 * would fail (DOMAIN "Unverified accounts").
 */
export function CreateShopPage() {
  useDocumentTitle("Create your shop");
  const queryClient = useQueryClient();
  const user = useCurrentUser();

  function markUnverified() {
    queryClient.setQueryData<User>(sessionKeys.user(), (current) =>
      current ? { ...current, emailVerified: false } : current,
    );
  }

  let body: ReactNode;
  if (user.isPending) {
    body = <FormSkeleton />;
  } else if (user.isError) {
    body = <QueryErrorState query={user} />;
  } else if (!user.data.emailVerified) {
    body = (
      <VerifyEmailNotice
        email={user.data.email}
        onCheckAgain={() => void user.refetch()}
        checking={user.isFetching}
      />
    );
  } else {
    body = <CreateShopForm onUnverified={markUnverified} />;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between gap-3 px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-md text-fg no-underline" aria-label="Tessera home">
          <BrandLogo />
        </Link>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <LogoutButton />
        </div>
      </header>
      <main className="flex flex-1 justify-center px-4 pt-4 pb-16 sm:px-8">
        <div className="w-full max-w-2xl">
          <h1 className="font-bold text-2xl text-fg sm:text-3xl">Create your shop</h1>
          <p className="mt-1 text-fg-muted">
            {user.data?.firstName ? `Welcome, ${user.data.firstName}. ` : ""}Tell us about your
            shop. Colours, font and tagline can be changed later.
          </p>
          <Card padding="lg" className="mt-6">
            {body}
          </Card>
        </div>
      </main>
    </div>
  );
}
