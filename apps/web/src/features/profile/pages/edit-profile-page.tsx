import { CATALOGUE_MESSAGES, type User } from "@tessera/shared";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
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
      <Link
        to={MERCHANT_PROFILE_PATH}
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-fg-muted text-sm no-underline hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Profile
      </Link>
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
