import { formatPhoneNumber } from "@tessera/shared";
import { lazy, type ReactNode, Suspense } from "react";
import {
  PasswordRow,
  ProfileOverview,
  ProfileRow,
  ProfileRowLink,
} from "@/components/profile-overview";
import { ProfileHeadSkeleton } from "@/components/profile-skeleton";
import { Badge, Card, QueryErrorState, Skeleton } from "@/components/ui";
import { useOnboardingReturn } from "@/features/payments";
import { MERCHANT_PROFILE_PATH, useCurrentUser } from "@/features/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { EmailNotifications } from "../components/email-notifications";
import { PaymentsRow } from "../components/payments-row";

const SecuritySection = lazy(() =>
  import("../components/security-section").then((m) => ({ default: m.SecuritySection })),
);

/** A link to one of the profile's own pages (Update Password, Customize Store, API keys). */
function ProfileLink({ to, children }: { to: string; children: ReactNode }) {
  return <ProfileRowLink to={`${MERCHANT_PROFILE_PATH}/${to}`}>{children}</ProfileRowLink>;
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
          <ProfileOverview
            picture={user.data.profilePicture}
            pictureAlt={`${user.data.firstName} ${user.data.lastName}`}
            name={`${user.data.firstName} ${user.data.lastName}`}
            email={user.data.email}
            badge={
              <Badge tone="primary" className="mt-2">
                {user.data.role === "owner" ? "Owner" : user.data.staffRole || "Staff"}
              </Badge>
            }
            title="Personal info"
            editTo={`${MERCHANT_PROFILE_PATH}/edit-profile`}
            editLabel="Update Info"
          >
            <ProfileRow label="Full Name">
              {user.data.firstName} {user.data.lastName}
            </ProfileRow>
            <ProfileRow label="Email">{user.data.email}</ProfileRow>
            <ProfileRow label="Phone Number">
              {user.data.phoneNumber?.trim() ? formatPhoneNumber(user.data.phoneNumber) : "-"}
            </ProfileRow>
            <PasswordRow
              label="Password"
              hiddenLabel="Hidden"
              to={`${MERCHANT_PROFILE_PATH}/update-password`}
              linkLabel="Update Password"
            />
            <ProfileRow label="Payments">
              <PaymentsRow isOwner={user.data.role === "owner"} />
            </ProfileRow>
            {user.data.role === "owner" ? (
              <>
                <ProfileRow label="Store">
                  <ProfileLink to="store-setting">Customize Store</ProfileLink>
                </ProfileRow>
                <ProfileRow label="Integrations">
                  <ProfileLink to="integrations">API keys</ProfileLink>
                </ProfileRow>
              </>
            ) : null}
          </ProfileOverview>
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
