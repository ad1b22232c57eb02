import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { ChangePasswordForm } from "@/components/change-password-form";
import { Card } from "@/components/ui";
import { MERCHANT_PROFILE_PATH } from "@/features/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdatePassword } from "../api";

/**
 * `/merchant/profile/update-password`: the shared password form; the Forgot Password link goes
 * to the platform's page, and success returns to the profile.
 */
export function UpdatePasswordPage() {
  useDocumentTitle("Update Password");
  const navigate = useNavigate();
  const updatePassword = useUpdatePassword();

  return (
    <div className="mx-auto w-full max-w-xl">
      <Link
        to={MERCHANT_PROFILE_PATH}
        className="mb-4 inline-flex items-center gap-1.5 rounded-sm font-medium text-fg-muted text-sm hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Profile
      </Link>
      <h1 className="font-bold text-2xl text-fg">Update Password</h1>
      <p className="mt-1 text-fg-muted text-sm">
        Other devices signed in to your account are signed out when the password changes.
      </p>
      <Card className="mt-6">
        <ChangePasswordForm
          forgotPasswordTo="/pass/forgot-password"
          cancelTo={MERCHANT_PROFILE_PATH}
          pending={updatePassword.isPending}
          send={(change, callbacks) => updatePassword.mutate(change, callbacks)}
          onUpdated={() => navigate(MERCHANT_PROFILE_PATH)}
        />
      </Card>
    </div>
  );
}
