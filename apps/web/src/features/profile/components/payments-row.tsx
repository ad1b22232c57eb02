import { Check, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button, Skeleton, Spinner } from "@/components/ui";
import { usePaymentAccount, useStartOnboarding } from "@/features/payments";
import { ApiError } from "@/lib/api-client";
import { leaveAppFor } from "@/lib/leave-app";
import { getErrorContent, notifyError } from "@/lib/notify";
import { useTwoFactorStatus } from "../security-api";
import { FreshCodeDialog } from "./fresh-code-dialog";

/**
 * The profile's payment-provider onboarding row (merchant spec §2): an Onboard link while the
 * shop has no provider account (the owner's; staff see that it is not connected), a disabled
 * Connected button once it has one.
 */
export function PaymentsRow({ isOwner }: { isOwner: boolean }) {
  const account = usePaymentAccount();
  const onboard = useStartOnboarding();
  // The provider's page is loading: the link stays busy until the browser leaves.
  const [isLeaving, setIsLeaving] = useState(false);
  const twoFactor = useTwoFactorStatus(isOwner);
  const [askCode, setAskCode] = useState(false);
  const [codeError, setCodeError] = useState<string>();

  if (account.isPending) {
    return (
      <span aria-busy="true" className="flex items-center justify-between gap-3">
        <span className="sr-only">Loading the payment account</span>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-8 w-28" />
      </span>
    );
  }

  if (account.isError) {
    return (
      <span role="alert" className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-fg-muted text-sm">{getErrorContent(account.error).message}</span>
        <Button
          variant="ghost"
          size="sm"
          loading={account.isFetching}
          leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void account.refetch()}
        >
          Retry
        </Button>
      </span>
    );
  }

  const { connected, provider } = account.data;
  const busy = onboard.isPending || isLeaving;

  function startOnboarding(code?: string) {
    // With two-factor sign-in on, the code is asked first (the server refuses without it).
    if (twoFactor.data?.enabled && !code) {
      setAskCode(true);
      return;
    }
    onboard.mutate(code, {
      onSuccess: ({ app_link }) => {
        setAskCode(false);
        setIsLeaving(true);
        leaveAppFor(app_link);
      },
      onError: (error) => {
        if (code && error instanceof ApiError && error.status === 403) setCodeError(error.message);
        else notifyError(error);
      },
    });
  }

  return (
    <span className="flex flex-wrap items-center justify-between gap-3">
      <span className="text-sm">
        {connected ? "Customers can pay by card" : "Customers cannot pay by card yet"}
        {connected && provider === "sandbox" ? (
          <span className="text-fg-muted"> (sandbox)</span>
        ) : null}
      </span>
      {connected ? (
        <Button
          variant="outline"
          size="sm"
          disabled
          leftIcon={<Check aria-hidden="true" className="size-4 text-success-ink" />}
        >
          Connected
        </Button>
      ) : isOwner ? (
        <button
          type="button"
          onClick={() => startOnboarding()}
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary-ink text-sm hover:underline disabled:cursor-progress disabled:opacity-70"
        >
          {busy ? <Spinner size="sm" decorative /> : null}
          Onboard
        </button>
      ) : (
        <span className="text-fg-muted text-sm">Not connected</span>
      )}
      {askCode ? (
        <FreshCodeDialog
          open
          title="Confirm payment settings"
          pending={onboard.isPending || isLeaving}
          error={codeError}
          onSubmit={(code) => {
            setCodeError(undefined);
            startOnboarding(code);
          }}
          onClose={() => setAskCode(false)}
        />
      ) : null}
    </span>
  );
}
