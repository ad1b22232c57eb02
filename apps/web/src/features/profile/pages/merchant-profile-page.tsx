import { formatPhoneNumber } from "@tessera/shared";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { ProfileHeadSkeleton } from "@/components/profile-skeleton";
import {
  Avatar,
  Badge,
  buttonClassName,
  Card,
  CardHeader,
  QueryErrorState,
  Skeleton,
} from "@/components/ui";
import { useOnboardingReturn } from "@/features/payments";
import { MERCHANT_PROFILE_PATH, useCurrentUser } from "@/features/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { EmailNotifications } from "../components/email-notifications";
import { PaymentsRow } from "../components/payments-row";

const SecuritySection = lazy(() =>
  import("../components/security-section").then((m) => ({ default: m.SecuritySection })),
);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-line border-b py-3.5 last:border-b-0 sm:flex-row sm:items-center sm:gap-6">
      <dt className="w-40 shrink-0 text-fg-muted text-sm">{label}</dt>
      <dd className="min-w-0 flex-1 break-words text-fg">{children}</dd>
    </div>
  );
}

/** A link to one of the profile's own pages (Update Password, Customize Store, API keys). */
function ProfileLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={`${MERCHANT_PROFILE_PATH}/${to}`}
      className="rounded-sm font-semibold text-primary-ink text-sm hover:underline"
    >
      {children}
    </Link>
  );
}

/**
 * `/merchant/profile`: profile picture, Full Name, Email, Phone Number ("-" when empty) and a
 * Password row with Update Password, Update Info (edit-profile) and, for the owner, Customize
 * Store, and the card payments onboarding row; below, the Security card (two-factor sign-in,
 * the staff requirement, the sessions list).
 */
export function MerchantProfilePage() {
  useDocumentTitle("Profile");
  useOnboardingReturn();
  const user = useCurrentUser();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Profile</h1>
      <Card aria-busy={user.isPending || undefined}>
        {user.isPending ? (
          <div className="flex flex-col gap-4">
            <ProfileHeadSkeleton />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : user.isError ? (
          <QueryErrorState query={user} />
        ) : (
          <>
            <div className="mb-2 flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
              <Avatar
                src={user.data.profilePicture}
                alt={`${user.data.firstName} ${user.data.lastName}`}
                size="xl"
              />
              <div className="min-w-0">
                <p className="font-semibold text-fg text-xl">
                  {user.data.firstName} {user.data.lastName}
                </p>
                <p className="wrap-anywhere text-fg-muted text-sm">{user.data.email}</p>
                <Badge tone="primary" className="mt-2">
                  {user.data.role === "owner" ? "Owner" : user.data.staffRole || "Staff"}
                </Badge>
              </div>
            </div>
            <CardHeader
              title="Personal info"
              headingLevel={2}
              className="mt-6 mb-1"
              action={
                <Link
                  to={`${MERCHANT_PROFILE_PATH}/edit-profile`}
                  className={buttonClassName({
                    variant: "outline",
                    size: "sm",
                    className: "no-underline",
                  })}
                >
                  Update Info
                </Link>
              }
            />
            <dl>
              <Row label="Full Name">
                {user.data.firstName} {user.data.lastName}
              </Row>
              <Row label="Email">{user.data.email}</Row>
              <Row label="Phone Number">
                {user.data.phoneNumber?.trim() ? formatPhoneNumber(user.data.phoneNumber) : "-"}
              </Row>
              <Row label="Password">
                <span className="flex flex-wrap items-center justify-between gap-3">
                  <span>
                    <span aria-hidden="true">••••••••</span>
                    <span className="sr-only">Hidden</span>
                  </span>
                  <ProfileLink to="update-password">Update Password</ProfileLink>
                </span>
              </Row>
              <Row label="Payments">
                <PaymentsRow isOwner={user.data.role === "owner"} />
              </Row>
              {user.data.role === "owner" ? (
                <>
                  <Row label="Store">
                    <ProfileLink to="store-setting">Customize Store</ProfileLink>
                  </Row>
                  <Row label="Integrations">
                    <ProfileLink to="integrations">API keys</ProfileLink>
                  </Row>
                </>
              ) : null}
            </dl>
          </>
        )}
      </Card>
      {user.data?.shopId ? <EmailNotifications /> : null}
      {user.data ? (
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <SecuritySection isOwner={user.data.role === "owner"} />
        </Suspense>
      ) : null}
    </div>
  );
}
