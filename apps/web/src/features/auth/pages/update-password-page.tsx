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
import { MERCHANT_PROFILE_PATH } from "@/features/session";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors, useClearErrorOnEdit } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdatePassword } from "../api";

/**
 * `/merchant/profile/update-password`: Current Password (with a Forgot Password link under
 * it), New Password, Re-Enter new Password. Only currentPassword and newPassword are sent;
 * success → toast and the profile page; a wrong current password shows on its field.
 */
export function UpdatePasswordPage() {
  useDocumentTitle("Update Password");
  const navigate = useNavigate();
  const updatePassword = useUpdatePassword();
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

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    updatePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (data) => {
          notifySuccess(data?.message || ACCESS_MESSAGES.passwordUpdated);
          navigate(MERCHANT_PROFILE_PATH);
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
    ),
  );

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
                to="/pass/forgot-password"
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
            <Link to={MERCHANT_PROFILE_PATH} className={buttonClassName({ variant: "outline" })}>
              Cancel
            </Link>
            <Button type="submit" loading={updatePassword.isPending}>
              Update Password
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
