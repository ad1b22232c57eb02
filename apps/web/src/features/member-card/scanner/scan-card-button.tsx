import { ScanLine } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button, IconButton } from "@/components/ui";

// The camera, the QR reader and its WebAssembly load when someone opens the scanner.
const ScanCardDialog = lazy(() =>
  import("./scan-card-dialog").then((module) => ({ default: module.ScanCardDialog })),
);

/**
 * Scan: opens the member card scanner. `compact` is the top bar's icon button; `memberPath` is
 * the page a found member opens (the members area owns that route).
 */
export function ScanCardButton({
  compact = false,
  memberPath,
}: {
  compact?: boolean;
  memberPath: (memberId: number) => string;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      {compact ? (
        <IconButton aria-label="Scan a member card" onClick={show}>
          <ScanLine aria-hidden="true" />
        </IconButton>
      ) : (
        <Button
          variant="outline"
          leftIcon={<ScanLine aria-hidden="true" className="size-4" />}
          onClick={show}
        >
          Scan card
        </Button>
      )}
      {loaded ? (
        <Suspense fallback={null}>
          {open ? (
            <ScanCardDialog open={open} onOpenChange={setOpen} memberPath={memberPath} />
          ) : null}
        </Suspense>
      ) : null}
    </>
  );
}
