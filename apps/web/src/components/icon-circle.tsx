import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const SIZES = {
  md: "size-10 [&_svg]:size-5",
  lg: "size-12 [&_svg]:size-6",
} as const;

/**
 * An icon in a round primary-tinted badge, beside a card's or a panel's title (cashback, a
 * benefit, the member card). The icon is sized by the badge.
 */
export function IconCircle({
  size = "md",
  children,
}: {
  size?: keyof typeof SIZES;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink",
        SIZES[size],
      )}
    >
      {children}
    </span>
  );
}
