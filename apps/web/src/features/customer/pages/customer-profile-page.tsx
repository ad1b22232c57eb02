import { formatPhoneNumber } from "@tessera/shared";
import { lazy, Suspense } from "react";
import { PasswordRow, ProfileOverview, ProfileRow } from "@/components/profile-overview";
import { ProfileHeadSkeleton } from "@/components/profile-skeleton";
import { Card, Skeleton } from "@/components/ui";
import { RotateCardSection } from "@/features/member-card";
import { YourDataSection } from "@/features/privacy";
import { t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSignedInCustomer } from "../components/customer-header";
import { EmailRemindersSetting } from "../components/email-reminders-setting";
import { SignedInCustomerCard } from "../components/signed-in-customer-card";
import { editProfilePath, updatePasswordPath } from "../dashboard";
import { CustomerLanguageSelect } from "../language";

function ProfileSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only">{t("Loading your profile")}</span>
      <ProfileHeadSkeleton />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * `/{shopId}/customer/profile-overview` (spec §2 "Profile overview"): the profile picture, Full
 * Name, Email, Phone Number ("-" when empty) with Update Info (edit-profile), and a Password
 * row with Update Password (update-password).
 */
// The sessions list loads after the profile itself (its own chunk, shared with the merchant's).
const SessionsCard = lazy(() =>
  import("@/features/profile/components/sessions-card").then((m) => ({ default: m.SessionsCard })),
);

export function CustomerProfilePage() {
  const shop = useCurrentShop();
  useT();
  useDocumentTitle(t("Profile · {shopName}", { shopName: shop.name }));
  const { customerId } = useSignedInCustomer();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">{t("Profile")}</h1>
      <SignedInCustomerCard
        loading={<ProfileSkeleton />}
        errorTitle={t("We could not load your profile")}
      >
        {(customerId, { customer }) => (
          <ProfileDetails customer={customer} shopId={shop.id} customerId={customerId} />
        )}
      </SignedInCustomerCard>
      <Suspense fallback={null}>
        <SessionsCard />
      </Suspense>
      {customerId === null ? null : (
        <Card>
          <YourDataSection shopId={shop.id} customerId={customerId} />
        </Card>
      )}
    </div>
  );
}

function ProfileDetails({
  customer,
  shopId,
  customerId,
}: {
  customerId: number;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string | null;
    profilePicture: string | null;
    hasPassword: boolean;
  };
  shopId: number;
}) {
  const fullName = `${customer.firstName} ${customer.lastName}`.trim();
  return (
    <ProfileOverview
      picture={customer.profilePicture}
      pictureAlt={t("Profile picture of {name}", { name: fullName })}
      name={fullName}
      email={customer.email}
      title={t("Personal info")}
      editTo={editProfilePath(shopId)}
      editLabel={t("Update Info")}
    >
      <ProfileRow label={t("Full Name")}>{fullName}</ProfileRow>
      <ProfileRow label={t("Email")}>
        <span className="wrap-anywhere">{customer.email}</span>
      </ProfileRow>
      <ProfileRow label={t("Phone Number")}>
        {customer.phoneNumber?.trim() ? formatPhoneNumber(customer.phoneNumber) : "-"}
      </ProfileRow>
      <PasswordRow
        label={t("Password")}
        hiddenLabel={t("Hidden")}
        notSet={customer.hasPassword ? undefined : t("Not set: you sign in with a code or Google")}
        to={updatePasswordPath(shopId)}
        linkLabel={customer.hasPassword ? t("Update Password") : t("Set a Password")}
      />
      <ProfileRow label={t("Member card")}>
        <RotateCardSection shopId={shopId} customerId={customerId} />
      </ProfileRow>
      <ProfileRow label={t("Language")}>
        <CustomerLanguageSelect customerId={customerId} />
      </ProfileRow>
      <ProfileRow label={t("E-mails")}>
        <EmailRemindersSetting customerId={customerId} />
      </ProfileRow>
    </ProfileOverview>
  );
}
