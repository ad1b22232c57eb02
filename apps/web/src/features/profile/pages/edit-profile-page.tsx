import { CATALOGUE_MESSAGES, type User } from "@tessera/shared";
import { useNavigate } from "react-router";
import { BackLink } from "@/components/back-link";
import { ProfileForm, ProfileFormLoading } from "@/components/profile-form";
import { Card, QueryErrorState } from "@/components/ui";
import { MERCHANT_PROFILE_PATH, useCurrentUser } from "@/features/session";
import { notifySuccess } from "@/lib/notify";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdateProfile } from "../api";

function EditProfileForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  return (
    <ProfileForm
      person={user}
      saving={update.isPending}
      cancelTo={MERCHANT_PROFILE_PATH}
      onSubmit={({ values, picture }, fail) =>
        update.mutate(
          { values, picture },
          {
            onSuccess: (response) => {
              notifySuccess(response.message || CATALOGUE_MESSAGES.profileUpdated);
              navigate(MERCHANT_PROFILE_PATH);
            },
            onError: fail,
          },
        )
      }
    />
  );
}

/** `/merchant/profile/edit-profile` "Update Profile" (spec §2, §5): photo, names, phone. */
export function EditProfilePage() {
  useDocumentTitle("Update Profile");
  const user = useCurrentUser();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink to={MERCHANT_PROFILE_PATH}>Back to Profile</BackLink>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Update Profile</h1>
      <Card>
        {user.isPending ? (
          <ProfileFormLoading />
        ) : user.isError ? (
          <QueryErrorState query={user} />
        ) : (
          <EditProfileForm user={user.data} />
        )}
      </Card>
    </div>
  );
}
