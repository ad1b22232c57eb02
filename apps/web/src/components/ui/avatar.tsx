import * as AvatarPrimitive from "@radix-ui/react-avatar";
import defaultAvatarUrl from "@/assets/default-avatar.svg";
import { cn } from "@/lib/cn";

const sizes = {
  xs: "size-6",
  sm: "size-8",
  md: "size-10",
  lg: "size-14",
  xl: "size-24",
} as const;

export const DEFAULT_AVATAR_URL = defaultAvatarUrl;

export interface AvatarProps {
  /** The picture; blank, missing or failing to load shows the default picture. */
  src?: string | null;
  /** Describes the person, e.g. their full name. */
  alt: string;
  size?: keyof typeof sizes;
  className?: string;
}

export function Avatar({ src, alt, size = "md", className }: AvatarProps) {
  const hasSrc = typeof src === "string" && src.trim() !== "";
  return (
    <AvatarPrimitive.Root
      className={cn(
        "relative inline-flex shrink-0 overflow-hidden rounded-full bg-muted ring-1 ring-line",
        sizes[size],
        className,
      )}
    >
      {hasSrc ? (
        <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" />
      ) : null}
      <AvatarPrimitive.Fallback asChild>
        <img src={DEFAULT_AVATAR_URL} alt={alt} className="size-full object-cover" />
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
