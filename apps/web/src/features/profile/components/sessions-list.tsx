import { type AccountSession, formatDateTimeIn, type Locale } from "@tessera/shared";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { ConfirmButton } from "@/components/confirm-button";
import { Badge, Button, QueryErrorState, Skeleton } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useRevokeSession, useSessions, useSignOutOthers } from "../security-api";

const usFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** English keeps "Mar 2, 2026, 2:05 PM"; another language its own way. */
function when(locale: Locale, value: string): string {
  return locale === "en" ? usFormat.format(new Date(value)) : formatDateTimeIn(locale, value);
}

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
  const { t, locale } = useT();

  if (sessions.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">{t("Loading your sessions")}</span>
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
      <ul aria-label={t("Active sessions")} className="flex flex-col divide-y divide-line">
        {list.map((session) => {
          const Icon = isPhone(session.device) ? Smartphone : Monitor;
          const pending = revoke.isPending && revoke.variables === session.id;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="flex flex-wrap items-center gap-2 font-medium text-fg text-sm">
                  {session.device}
                  {session.current ? <Badge tone="primary">{t("This device")}</Badge> : null}
                </span>
                <span className="text-fg-muted text-xs">
                  {t("{ip} · Signed in {signedIn} · Last seen {lastSeen}", {
                    ip: session.ip ?? t("Unknown IP"),
                    signedIn: when(locale, session.createdAt),
                    lastSeen: when(locale, session.lastSeenAt),
                  })}
                </span>
              </div>
              {session.current ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={pending}
                  aria-label={t("Sign out {device}", { device: session.device })}
                  onClick={() => signOut(session)}
                >
                  {t("Sign out")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div>
        <ConfirmButton
          variant="outline"
          size="sm"
          disabled={otherCount === 0}
          loading={others.isPending}
          leftIcon={<LogOut aria-hidden="true" className="size-4" />}
          confirm={{
            title: t("Sign out everywhere else?"),
            description: t(
              "Every other device ({count}) will have to sign in again. This one stays signed in.",
              { count: otherCount },
            ),
            confirmLabel: t("Sign out everywhere"),
            destructive: true,
            pending: others.isPending,
            onConfirm: (close) =>
              others.mutate(undefined, {
                onSuccess: (result) => {
                  notifySuccess(result.message);
                  close();
                },
                onError: (error) => notifyError(error),
              }),
          }}
        >
          {t("Sign out everywhere else")}
        </ConfirmButton>
      </div>
    </div>
  );
}
