import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCESS_MESSAGES,
  type ChangePasswordInput,
  type ChangePasswordValues,
  changePasswordSchema,
} from "@tessera/shared";
import { ArrowLeft } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Button, buttonClassName, Card, PasswordInput } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors, useClearErrorOnEdit } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdateCustomerPassword } from "../api";
import { SignedOutNotice } from "../components/signed-out-notice";
import { profileOverviewPath } from "../dashboard";

/**
 * `/{shopId}/customer/profile-overview/update-password` (spec §2, §5 "Change password"):
 * Current Password with a Forgot Password link under it (the shop's own forgot-password page),
 * New Password, Re-Enter new Password. Only currentPassword and newPassword are sent; a wrong
 * current password shows "Invalid current password." on its field. Success → toast and back
 * to the profile overview (the customer's other sessions are signed out by the server).
 */
export function CustomerUpdatePasswordPage() {
  const shop = useCurrentShop();
  useDocumentTitle(`Update Password · ${shop.name}`);
  const navigate = useNavigate();
  const customerId = getSignedInCustomerId(shop.id);
  const updatePassword = useUpdateCustomerPassword();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    clearErrors,
    formState: { errors },
  } = useForm<ChangePasswordInput, unknown, ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmNewPassword: "" },
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(watch, clearErrors);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    if (customerId === null) return;
    updatePassword.mutate(
      { customerId, currentPassword, newPassword },
      {
        onSuccess: (data) => {
          notifySuccess(data?.message || ACCESS_MESSAGES.passwordUpdated);
          navigate(profileOverviewPath(shop.id));
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, ["currentPassword", "newPassword"])) return;
          // A 400 without field errors is still about the current password (spec §5).
          if (error instanceof ApiError && error.status === 400) {
            setError("currentPassword", { type: "server", message: error.message });
            return;
          }
          notifyError(error);
        },
      },
    );
  });

  return (
    <div className="mx-auto w-full max-w-xl">
      <Link
        to={profileOverviewPath(shop.id)}
        className="mb-4 inline-flex items-center gap-1.5 rounded-sm font-medium text-fg-muted text-sm no-underline hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Profile
      </Link>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Update Password</h1>
      <p className="mt-1 text-fg-muted text-sm">
        Other devices signed in to your account are signed out when the password changes.
      </p>
      <Card className="mt-6">
        {customerId === null ? (
          <SignedOutNotice />
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <div>
              <PasswordInput
                label="Current Password"
                autoComplete="current-password"
                error={errors.currentPassword?.message}
                {...register("currentPassword")}
              />
              <div className="mt-2 flex justify-end">
                <Link
                  to={`/${shop.id}/pass/forgot-password`}
                  className="rounded-sm font-medium text-primary-ink text-sm hover:underline"
                >
                  Forgot Password
                </Link>
              </div>
            </div>
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              hint="8+ characters with upper and lower case letters, a number and one of @$!%*?&"
              error={errors.newPassword?.message}
              {...register("newPassword")}
            />
            <PasswordInput
              label="Re-Enter new Password"
              autoComplete="new-password"
              error={errors.confirmNewPassword?.message}
              {...register("confirmNewPassword")}
            />
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Link
                to={profileOverviewPath(shop.id)}
                className={buttonClassName({ variant: "outline", className: "no-underline" })}
              >
                Cancel
              </Link>
              <Button type="submit" loading={updatePassword.isPending}>
                Update Password
              </Button>
            </div>
          </form>
        )}
      </Card>
    </div>
  );
}
