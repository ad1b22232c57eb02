import { getOfferCountdown, OFFER_COUNTDOWN_LABELS } from "@tessera/shared";
import { Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "@/lib/cn";

/** The current time, updated every `intervalMs` (spec §9: the offer countdown ticks each second). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * An offer card's countdown (spec §4): "Offer Expired" in red once the end day is over,
 * "Expires in" with days, hours, minutes and seconds within the last day, otherwise
 * "Expires on" with the date. The ticking digits are not a live region: a screen reader
 * would otherwise hear them every second.
 */
export function OfferCountdown({
  endDate,
  timeZone,
  className,
}: {
  endDate: string;
  timeZone: string;
  className?: string;
}) {
  const now = useNow();
  const countdown = getOfferCountdown(endDate, now, timeZone);
  const base = cn("inline-flex items-center gap-1.5 text-sm", className);
  if (countdown.kind === "expired") {
    return (
      <p className={cn(base, "font-semibold text-danger-ink")}>
        <Clock aria-hidden="true" className="size-4" />
        {OFFER_COUNTDOWN_LABELS.expired}
      </p>
    );
  }
  if (countdown.kind === "countdown") {
    const { days, hours, minutes, seconds } = countdown;
    return (
      <p className={cn(base, "font-medium text-warning-ink")}>
        <Clock aria-hidden="true" className="size-4" />
        {OFFER_COUNTDOWN_LABELS.countdown}{" "}
        <span className="tabular-nums">
          {days}d {hours}h {minutes}m {seconds}s
        </span>
      </p>
    );
  }
  return (
    <p className={cn(base, "text-fg-muted")}>
      <Clock aria-hidden="true" className="size-4" />
      {OFFER_COUNTDOWN_LABELS.date} {countdown.label}
    </p>
  );
}
