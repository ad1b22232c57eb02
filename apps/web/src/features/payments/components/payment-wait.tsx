import { Spinner } from "@/components/ui";
import { cn } from "@/lib/cn";

/**
 * A wait in the card payment (the form's code arriving, the payment being confirmed): a large
 * spinner over the status, which screen readers announce.
 */
export function PaymentWait({ status, className }: { status: string; className: string }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 text-fg", className)}>
      <Spinner size="lg" decorative />
      <p role="status" className="font-medium text-sm">
        {status}
      </p>
    </div>
  );
}
