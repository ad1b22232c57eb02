import { RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { FETCH_FAILED_MESSAGE } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { Button } from "./button";

export interface ErrorStateProps {
  title?: ReactNode;
  /** What went wrong; defaults to the spec's fallback text. */
  message?: ReactNode;
  /** Shows a Retry button (e.g. the query's refetch). */
  onRetry?: () => void;
  retryLabel?: string;
  /** The retry is running (e.g. query.isFetching). */
  retrying?: boolean;
  className?: string;
}

export function ErrorState({
  title,
  message = FETCH_FAILED_MESSAGE,
  onRetry,
  retryLabel,
  retrying = false,
  className,
}: ErrorStateProps) {
  const { t } = useT();
  return (
    <div
      role="alert"
      className={cn("flex flex-col items-center justify-center px-6 py-10 text-center", className)}
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger-ink">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </div>
      <p className="font-semibold text-base text-fg">{title ?? t("Something went wrong")}</p>
      <p className="mt-1 max-w-sm text-fg-muted text-sm">
        {typeof message === "string" ? translateText(message) : message}
      </p>
      {onRetry ? (
        <Button
          variant="outline"
          className="mt-5"
          onClick={onRetry}
          loading={retrying}
          leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          {retryLabel ?? t("Retry")}
        </Button>
      ) : null}
    </div>
  );
}
