import { useT } from "@/lib/i18n/use-t";
import { SLOT, TextWith } from "./text-with";

/** The text of both verify-e-mail pages (merchant and shop). */
export function VerifyEmailMessage({ email }: { email: string | null }) {
  const { t } = useT();
  if (!email) {
    return (
      <p>
        {t(
          "We sent you a verification link. Open it to verify your account. Nothing there? Look in your spam folder.",
        )}
      </p>
    );
  }
  const text = t(
    "We sent a verification link to {email}. Open it to verify your account. Nothing there? Look in your spam folder, or send it again.",
    { email: SLOT },
  );
  return (
    <p>
      <TextWith
        text={text}
        slot={<span className="wrap-anywhere font-medium text-fg">{email}</span>}
      />
    </p>
  );
}
