import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "relative inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-control font-semibold transition-[background-color,border-color,color,box-shadow] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-55 aria-busy:opacity-80";

export const buttonVariants: Record<ButtonVariant, string> = {
  primary:
    "bg-primary-solid text-on-primary shadow-card hover:bg-primary-solid-hover active:bg-primary-solid-hover",
  secondary:
    "bg-secondary text-primary-ink hover:bg-primary-soft ring-1 ring-inset ring-primary/15",
  outline: "border border-line-strong bg-surface text-fg shadow-card hover:bg-muted",
  ghost: "bg-transparent text-fg hover:bg-muted",
  danger: "bg-danger text-white shadow-card hover:bg-danger-hover focus-visible:outline-danger",
};

export const buttonSizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-5 text-base",
};

/** Classes for a link or other element that should look like a Button. */
export function buttonClassName({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string {
  return cn(base, buttonVariants[variant], buttonSizes[size], fullWidth && "w-full", className);
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, marks the button busy and disables it (a mutation is pending). */
  loading?: boolean;
  leftIcon?: ReactNode;
  rightIcon?: ReactNode;
  fullWidth?: boolean;
}

/**
 * The <button> under Button and IconButton: `type` defaults to "button", and while `loading`
 * it is off and marked busy.
 */
function BusyButton({
  loading,
  disabled,
  type = "button",
  ...props
}: ComponentProps<"button"> & { loading: boolean }) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    />
  );
}

/** A button. `type` defaults to "button"; pass type="submit" in forms. */
export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  leftIcon,
  rightIcon,
  fullWidth = false,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <BusyButton
      loading={loading}
      className={buttonClassName({ variant, size, fullWidth, className })}
      {...props}
    >
      {loading ? <Spinner size="sm" decorative /> : leftIcon}
      {children}
      {loading ? null : rightIcon}
    </BusyButton>
  );
}

const iconSizes: Record<ButtonSize, string> = {
  sm: "size-8 [&_svg]:size-4",
  md: "size-10 [&_svg]:size-5",
  lg: "size-12 [&_svg]:size-6",
};

export interface IconButtonProps extends Omit<ButtonProps, "leftIcon" | "rightIcon" | "fullWidth"> {
  /** Required: an icon-only button has no other accessible name. */
  "aria-label": string;
}

export function IconButton({
  variant = "ghost",
  size = "md",
  loading = false,
  className,
  children,
  ...props
}: IconButtonProps) {
  return (
    <BusyButton
      loading={loading}
      className={cn(base, buttonVariants[variant], iconSizes[size], "px-0", className)}
      {...props}
    >
      {loading ? <Spinner size="sm" decorative /> : children}
    </BusyButton>
  );
}
