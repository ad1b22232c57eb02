import { formatPhoneNumber } from "@tessera/shared";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { ProfileHeadSkeleton } from "@/components/profile-skeleton";
import {
  Avatar,
  buttonClassName,
  Card,
  CardHeader,
  QueryErrorState,
  Skeleton,
} from "@/components/ui";
import { RotateCardSection } from "@/features/member-card";
import { YourDataSection } from "@/features/privacy";
import { t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSignedInCustomer } from "../components/customer-header";
import { EmailRemindersSetting } from "../components/email-reminders-setting";
import { SignedOutNotice } from "../components/signed-out-notice";
import { editProfilePath, updatePasswordPath } from "../dashboard";
import { CustomerLanguageSelect } from "../language";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-line border-b py-3.5 last:border-b-0 sm:flex-row sm:items-center sm:gap-6">
      <dt className="w-40 shrink-0 text-fg-muted text-sm">{label}</dt>
      <dd className="min-w-0 flex-1 break-words text-fg">{children}</dd>
    </div>
  );
}

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
  const { customerId, dashboard } = useSignedInCustomer();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">{t("Profile")}</h1>
      <Card>
        {customerId === null ? (
          <SignedOutNotice />
        ) : dashboard.isPending ? (
          <ProfileSkeleton />
        ) : dashboard.isError ? (
          <QueryErrorState query={dashboard} title={t("We could not load your profile")} />
        ) : (
          <ProfileDetails
            customer={dashboard.data.customer}
            shopId={shop.id}
            customerId={customerId}
          />
        )}
      </Card>
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
    <>
      <div className="mb-2 flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <Avatar
          src={customer.profilePicture}
          alt={t("Profile picture of {name}", { name: fullName })}
          size="xl"
        />
        <div className="min-w-0">
          <p className="font-semibold text-fg text-xl">{fullName}</p>
          <p className="wrap-anywhere text-fg-muted text-sm">{customer.email}</p>
        </div>
      </div>
      <CardHeader
        title={t("Personal info")}
        headingLevel={2}
        className="mt-6 mb-1"
        action={
          <Link
            to={editProfilePath(shopId)}
            className={buttonClassName({
              variant: "outline",
              size: "sm",
              className: "no-underline",
            })}
          >
            {t("Update Info")}
          </Link>
        }
      />
      <dl>
        <Row label={t("Full Name")}>{fullName}</Row>
        <Row label={t("Email")}>
          <span className="wrap-anywhere">{customer.email}</span>
        </Row>
        <Row label={t("Phone Number")}>
          {customer.phoneNumber?.trim() ? formatPhoneNumber(customer.phoneNumber) : "-"}
        </Row>
        <Row label={t("Password")}>
          <span className="flex flex-wrap items-center justify-between gap-3">
            {customer.hasPassword ? (
              <span>
                <span aria-hidden="true">••••••••</span>
                <span className="sr-only">{t("Hidden")}</span>
              </span>
            ) : (
              <span className="text-fg-muted">
                {t("Not set: you sign in with a code or Google")}
              </span>
            )}
            <Link
              to={updatePasswordPath(shopId)}
              className="rounded-sm font-semibold text-primary-ink text-sm hover:underline"
            >
              {customer.hasPassword ? t("Update Password") : t("Set a Password")}
            </Link>
          </span>
        </Row>
        <Row label={t("Member card")}>
          <RotateCardSection shopId={shopId} customerId={customerId} />
        </Row>
        <Row label={t("Language")}>
          <CustomerLanguageSelect customerId={customerId} />
        </Row>
        <Row label={t("E-mails")}>
          <EmailRemindersSetting customerId={customerId} />
        </Row>
      </dl>
    </>
  );
}
