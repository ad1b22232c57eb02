import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar, buttonClassName, CardHeader } from "@/components/ui";

/**
 * The pieces of a profile overview card, shared by the merchant's `/merchant/profile` and the
 * customer's profile overview: the picture with name and email, the "Personal info" heading with
 * its Update Info link, and the label-value rows below it. Each page passes its own texts (the
 * customer's are translated, the merchant's are English).
 */

/** The picture, the full name and the email; `children` go below them (the merchant's role). */
export function ProfileHead({
  picture,
  pictureAlt,
  name,
  email,
  children,
}: {
  picture: string | null;
  pictureAlt: string;
  name: ReactNode;
  email: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-2 flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <Avatar src={picture} alt={pictureAlt} size="xl" />
      <div className="min-w-0">
        <p className="font-semibold text-fg text-xl">{name}</p>
        <p className="wrap-anywhere text-fg-muted text-sm">{email}</p>
        {children}
      </div>
    </div>
  );
}

/** The "Personal info" heading with the Update Info link to the edit-profile page. */
export function PersonalInfoHeader({
  title,
  editTo,
  editLabel,
}: {
  title: string;
  editTo: string;
  editLabel: string;
}) {
  return (
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

/** A set password, shown as dots; `hiddenLabel` is what a screen reader says instead. */
export function HiddenPassword({ hiddenLabel }: { hiddenLabel: string }) {
  return (
    <span>
      <span aria-hidden="true">••••••••</span>
      <span className="sr-only">{hiddenLabel}</span>
    </span>
  );
}
