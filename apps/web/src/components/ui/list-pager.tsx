import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { Button } from "./button";

/** Pages of `pageSize` rows out of `total`: at least one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Previous / Next under a paginated list, with "Page 2 of 5". Hidden when it fits one page. */
export function ListPager({
  label,
  page,
  pageSize,
  total,
  loading = false,
  onPageChange,
  className,
}: {
  /** Names the navigation ("Redemptions pages"). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** The next page is loading: both buttons wait. */
  loading?: boolean;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  const pages = pageCount(total, pageSize);
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={cn("flex items-center justify-between gap-3", className)}>
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1 || loading}
        leftIcon={<ChevronLeft aria-hidden="true" className="size-4" />}
        onClick={() => onPageChange(page - 1)}
      >
        {t("Previous")}
      </Button>
      <p className="text-fg-muted text-sm" aria-live="polite">
        {t("Page {page} of {pages}", { page, pages })}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages || loading}
        rightIcon={<ChevronRight aria-hidden="true" className="size-4" />}
        onClick={() => onPageChange(page + 1)}
      >
        {t("Next")}
      </Button>
    </nav>
  );
}
