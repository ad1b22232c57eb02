import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A placeholder block while content loads. Decorative: pair it with a busy region or a
 *  Spinner's label so screen readers hear "Loading". */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted dark:bg-hover", className)}
      {...props}
    />
  );
}
