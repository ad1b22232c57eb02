import { ACCESS_MESSAGES } from "@tessera/shared";
import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { Button, type ButtonProps } from "@/components/ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useResendVerification } from "../api";

export interface ResendVerificationButtonProps
  extends Pick<ButtonProps, "variant" | "size" | "fullWidth" | "className"> {
  /** Where the link goes; without it Resend is disabled (spec §2) and the gap is only logged. */
  email: string | null | undefined;
  /** A customer's shop: customer e-mails are unique per shop. */
  shopId?: number;
  label?: string;
}

/** "Resend": sends the verification e-mail again and says so in a toast. */
export function ResendVerificationButton({
  email,
  shopId,
  label = "Resend",
  variant = "outline",
  ...props
}: ResendVerificationButtonProps) {
  const resend = useResendVerification();

  useEffect(() => {
    // Spec §8: a missing e-mail on resend is logged only.
    if (!email) console.warn("Resend verification e-mail: no e-mail address to send it to.");
  }, [email]);

  return (
    <Button
      {...props}
      variant={variant}
      disabled={!email}
      loading={resend.isPending}
      leftIcon={<MailCheck aria-hidden="true" className="size-4" />}
      onClick={() => {
        if (!email) return;
        resend.mutate(
          { email, shopId },
          {
            onSuccess: (data) => notifySuccess(data?.message || ACCESS_MESSAGES.verificationSent),
            onError: (error) => notifyError(error),
          },
        );
      }}
    >
      {label}
    </Button>
  );
}
