import { Store } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";

const sizes = {
  sm: "size-8 text-sm",
  md: "size-10 text-base",
  lg: "size-14 text-xl",
  xl: "size-20 text-3xl",
} as const;

/**
 * A shop's logo, or its initial on the brand colour when it has none (or the image fails).
 * Decorative: the shop's name is always written next to it.
 */
export function ShopLogo({
  src,
  name,
  size = "md",
  className,
}: {
  src?: string | null;
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const hasImage = Boolean(src?.trim()) && !failed;
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-surface font-bold ring-1 ring-line",
        !hasImage && "bg-primary-solid text-on-primary ring-0",
        sizes[size],
        className,
      )}
      aria-hidden="true"
    >
      {hasImage ? (
        <img
          src={src ?? undefined}
          alt=""
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : initial ? (
        initial
      ) : (
        <Store aria-hidden="true" className="size-1/2" />
      )}
    </span>
  );
}
