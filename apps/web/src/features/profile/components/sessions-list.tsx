import type { AccountSession } from "@tessera/shared";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { useState } from "react";
import { Badge, Button, ConfirmDialog, QueryErrorState, Skeleton } from "@/components/ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useRevokeSession, useSessions, useSignOutOthers } from "../security-api";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function isPhone(device: string) {
  return /iPhone|Android|iPad/.test(device);
}

/**
 * The account's signed-in devices (browser and system, IP, signed in, last seen), this one
 * marked; each other one can be signed out, or all of them at once ("Sign out everywhere").
 */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const others = useSignOutOthers();
  const [confirmAll, setConfirmAll] = useState(false);

  if (sessions.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading your sessions</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (sessions.isError) return <QueryErrorState query={sessions} />;
  const list = sessions.data.sessions;
  const otherCount = list.filter((s) => !s.current).length;

  function signOut(session: AccountSession) {
    revoke.mutate(session.id, {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyError(error),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Active sessions" className="flex flex-col divide-y divide-line">
        {list.map((session) => {
          const Icon = isPhone(session.device) ? Smartphone : Monitor;
          const pending = revoke.isPending && revoke.variables === session.id;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="flex flex-wrap items-center gap-2 font-medium text-fg text-sm">
                  {session.device}
                  {session.current ? <Badge tone="primary">This device</Badge> : null}
                </span>
                <span className="text-fg-muted text-xs">
                  {session.ip ?? "Unknown IP"} · Signed in{" "}
                  {when.format(new Date(session.createdAt))} · Last seen{" "}
                  {when.format(new Date(session.lastSeenAt))}
                </span>
              </div>
              {session.current ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={pending}
                  aria-label={`Sign out ${session.device}`}
                  onClick={() => signOut(session)}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={otherCount === 0}
          loading={others.isPending}
          leftIcon={<LogOut aria-hidden="true" className="size-4" />}
          onClick={() => setConfirmAll(true)}
        >
          Sign out everywhere else
        </Button>
      </div>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Sign out everywhere else?"
        description={`Every other device (${otherCount}) will have to sign in again. This one stays signed in.`}
        confirmLabel="Sign out everywhere"
        destructive
        pending={others.isPending}
        onConfirm={() =>
          others.mutate(undefined, {
            onSuccess: (result) => {
              notifySuccess(result.message);
              setConfirmAll(false);
            },
            onError: (error) => notifyError(error),
          })
        }
      />
    </div>
  );
}
