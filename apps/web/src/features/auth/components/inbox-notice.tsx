import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthShell } from "./auth-shell";
import { BackToLoginLink } from "./back-to-login-link";
import { StatusPanel } from "./status-panel";

/** The `?email=` of a check-your-inbox page, or null when it is missing or blank. */
export function useEmailParam(): string | null {
  const [params] = useSearchParams();
  return params.get("email")?.trim() || null;
}

/**
 * A check-your-inbox page of the staff sign-in: `title` as the page's title and heading,
 * `action` above the way back to the log-in, `children` saying what was sent.
 */
export function InboxNotice({
  title,
  action,
  children,
}: {
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <StatusPanel
        icon={<MailCheck aria-hidden="true" />}
        title={title}
        actions={
          <>
            {action}
            <BackToLoginLink to="/" />
          </>
        }
      >
        {children}
      </StatusPanel>
    </AuthShell>
  );
}
