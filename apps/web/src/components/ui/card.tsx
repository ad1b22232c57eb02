import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

const paddings = { none: "", sm: "p-4", md: "p-5 sm:p-6", lg: "p-6 sm:p-8" } as const;

export interface CardProps extends ComponentProps<"div"> {
  padding?: keyof typeof paddings;
}

/** A surface with a border, used for panels and grouped content. */
export function Card({ padding = "md", className, ...props }: CardProps) {
  return (
    <div
      className={cn(
        "rounded-card border border-line bg-surface text-fg shadow-card",
        paddings[padding],
        className,
      )}
      {...props}
    />
  );
}

export interface CardHeaderProps extends Omit<ComponentProps<"div">, "title"> {
  title: ReactNode;
  description?: ReactNode;
  /** Right-aligned actions (a See All link, a menu). */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}

export function CardHeader({
  title,
  description,
  action,
  headingLevel = 2,
  className,
  ...props
}: CardHeaderProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn("mb-4 flex items-start justify-between gap-4", className)} {...props}>
      <div className="min-w-0">
        <Heading className="font-semibold text-fg text-lg">{title}</Heading>
        {description ? <p className="mt-0.5 text-fg-muted text-sm">{description}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "mt-5 flex flex-wrap items-center justify-end gap-2 border-line border-t pt-4",
        className,
      )}
      {...props}
    />
  );
}
