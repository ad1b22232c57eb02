import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar, buttonClassName, CardHeader } from "@/components/ui";

/**
 * The profile overview card's content, shared by the merchant's `/merchant/profile` and the
 * customer's profile overview: the picture with name and email (and `badge` below them, the
 * merchant's role), the "Personal info" heading with its Update Info link to the edit-profile
 * page, and the label-value rows (`children`, ProfileRow and PasswordRow). Each page passes its
 * own texts (the customer's are translated, the merchant's are English).
 */
export function ProfileOverview({
  picture,
  pictureAlt,
  name,
  email,
  badge,
  title,
  editTo,
  editLabel,
  children,
}: {
  picture: string | null;
  pictureAlt: string;
  name: string;
  email: string;
  badge?: ReactNode;
  title: string;
  editTo: string;
  editLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="mb-2 flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
        <Avatar src={picture} alt={pictureAlt} size="xl" />
        <div className="min-w-0">
          <p className="font-semibold text-fg text-xl">{name}</p>
          <p className="wrap-anywhere text-fg-muted text-sm">{email}</p>
          {badge}
        </div>
      </div>
      <CardHeader
        title={title}
        headingLevel={2}
        className="mt-6 mb-1"
        action={
          <Link
            to={editTo}
            className={buttonClassName({
              variant: "outline",
              size: "sm",
              className: "no-underline",
            })}
          >
            {editLabel}
          </Link>
        }
      />
      <dl>{children}</dl>
    </>
  );
}

/** One label-value row of the profile's `<dl>`. */
export function ProfileRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 border-line border-b py-3.5 last:border-b-0 sm:flex-row sm:items-center sm:gap-6">
      <dt className="w-40 shrink-0 text-fg-muted text-sm">{label}</dt>
      <dd className="min-w-0 flex-1 break-words text-fg">{children}</dd>
    </div>
  );
}

/** A link in a row's value to one of the profile's own pages (Update Password, Customize Store). */
export function ProfileRowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="rounded-sm font-semibold text-primary-ink text-sm hover:underline">
      {children}
    </Link>
  );
}

/**
 * The Password row: a set password as dots (`hiddenLabel` is what a screen reader says instead),
 * or `notSet` when the account has none; then the link to the page that changes it.
 */
export function PasswordRow({
  label,
  hiddenLabel,
  notSet,
  to,
  linkLabel,
}: {
  label: string;
  hiddenLabel: string;
  notSet?: string;
  to: string;
  linkLabel: string;
}) {
  return (
    <ProfileRow label={label}>
      <span className="flex flex-wrap items-center justify-between gap-3">
        {notSet === undefined ? (
          <span>
            <span aria-hidden="true">••••••••</span>
            <span className="sr-only">{hiddenLabel}</span>
          </span>
        ) : (
          <span className="text-fg-muted">{notSet}</span>
        )}
        <ProfileRowLink to={to}>{linkLabel}</ProfileRowLink>
      </span>
    </ProfileRow>
  );
}
