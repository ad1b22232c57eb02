import { Spinner } from "@/components/ui";

/** A full-height centred spinner while a page decides what to show (session, shop). */
export function PageLoader({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas text-primary-ink">
      <Spinner size="lg" label={label} />
    </div>
  );
}
