import { CATALOGUE_MESSAGES, type Customer } from "@tessera/shared";
import { useNavigate } from "react-router";
import { BackLink } from "@/components/back-link";
import { ProfileForm, ProfileFormLoading } from "@/components/profile-form";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdateCustomerProfile } from "../api";
import { SignedInCustomerCard } from "../components/signed-in-customer-card";
import { profileOverviewPath } from "../dashboard";

function EditProfileForm({ customer, customerId }: { customer: Customer; customerId: number }) {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const update = useUpdateCustomerProfile(shop.id);
  return (
    <ProfileForm
      person={customer}
      saving={update.isPending}
      cancelTo={profileOverviewPath(shop.id)}
      onSubmit={({ values, picture }, fail) =>
        update.mutate(
          { customerId, values, picture },
          {
            onSuccess: (response) => {
              notifySuccess(translateText(response.message || CATALOGUE_MESSAGES.profileUpdated));
              navigate(profileOverviewPath(shop.id));
            },
            onError: fail,
          },
        )
      }
    />
  );
}

/**
 * `/{shopId}/customer/profile-overview/edit-profile` (spec §2, §5 "Profile edit"): picture
 * (JPG/JPEG/PNG up to 5MB), first and last name (3+ letters), phone valid for the picked
 * country (default US). Saved → toast and back to the profile overview.
 */
export function CustomerEditProfilePage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t("Update Profile · {shopName}", { shopName: shop.name }));
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to={profileOverviewPath(shop.id)}>{t("Back to Profile")}</BackLink>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">{t("Update Profile")}</h1>
      <SignedInCustomerCard loading={<ProfileFormLoading />}>
        {(customerId, { customer }) => (
          <EditProfileForm customer={customer} customerId={customerId} />
        )}
      </SignedInCustomerCard>
    </div>
  );
}
