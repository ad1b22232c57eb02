import { Link } from "react-router";
import { buttonClassName } from "@/components/ui";
import { InboxNotice, useEmailParam } from "../components/inbox-notice";

/** `/verify-email-to-reset-password`: a notice to check the inbox for the reset link. */
export function CheckResetInboxPage() {
  const email = useEmailParam();
  return (
    <InboxNotice
      title="Check your inbox"
      action={
        <Link
          to="/pass/forgot-password"
          className={buttonClassName({ variant: "outline", size: "lg", fullWidth: true })}
        >
          Send the link again
        </Link>
      }
    >
      <p>
        We sent a link to reset your password
        {email ? (
          <>
            {" "}
            to <span className="wrap-anywhere font-medium text-fg">{email}</span>
          </>
        ) : null}
        . Open the e-mail and follow the link to choose a new password. The link works once and for
        one hour.
      </p>
    </InboxNotice>
  );
}
