import { SIGN_UP_MESSAGES } from "@tessera/shared";
import { KeyRound, MailX } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { Button } from "@/components/ui";
import { ApiError } from "@/lib/api-client";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useShopPage } from "@/lib/use-shop-page";
import { verifySignInCode } from "../api";
import { AuthHeading } from "../components/auth-heading";
import { BackToLoginLink } from "../components/back-to-login-link";
import { NameFields, type Names } from "../components/name-fields";
import { ShopAuthShell } from "../components/shop-auth-shell";
import { StatusPanel } from "../components/status-panel";
import { useShopSessionStart } from "../use-shop-session-start";

type State =
  | { kind: "checking" }
  | { kind: "name"; email: string }
  | { kind: "failed"; message: string };

const NO_ANSWER = "We couldn't reach the shop. Check your connection and open the link again.";

const failed = (error: unknown): State => ({
  kind: "failed",
  message:
    error instanceof ApiError && error.status < 500 && error.status > 0 ? error.message : NO_ANSWER,
});

/**
 * `/{shopId}/login/code?token=`: the sign-in link from the e-mail. Signs in at once; an address
 * new to the shop gives its name first. The link works once, so a refresh after success lands
 * on the dashboard through the stored session, and a used or expired link says so.
 */
export function CustomerCodeLinkPage() {
  const { shop, t } = useShopPage("Signing in · {shopName}");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const startSession = useShopSessionStart(shop.id);
  const [state, setState] = useState<State>({ kind: "checking" });
  const started = useRef(false);

  useEffect(() => {
    // Once, even under StrictMode's double effect: the link is single-use.
    if (started.current) return;
    started.current = true;
    verifySignInCode({ shopId: shop.id, token }).then(
      (answer) =>
        "needsName" in answer
          ? setState({ kind: "name", email: answer.email })
          : startSession(answer),
      (error: unknown) => setState(failed(error)),
    );
  }, [shop.id, token, startSession]);

  if (state.kind === "checking") return <PageLoader />;
  if (state.kind === "failed") {
    return (
      <ShopAuthShell>
        <StatusPanel
          icon={<MailX aria-hidden="true" />}
          title={t("This sign-in link doesn't work")}
          actions={<BackToLoginLink to={`/${shop.id}/login`} />}
        >
          <p>{translateText(state.message)}</p>
        </StatusPanel>
      </ShopAuthShell>
    );
  }
  return (
    <ShopAuthShell>
      <AuthHeading
        title={t("Join {shopName}", { shopName: shop.name })}
        description={t("Tell us your name to create your account for {email}.", {
          email: state.email,
        })}
      />
      <NameForm
        onSubmit={async (names) => {
          try {
            const answer = await verifySignInCode({ shopId: shop.id, token, ...names });
            if (!("needsName" in answer)) startSession(answer);
          } catch (error) {
            setState(failed(error));
          }
        }}
      />
    </ShopAuthShell>
  );
}

function NameForm({ onSubmit }: { onSubmit: (names: Names) => Promise<void> }) {
  const [names, setNames] = useState<Names>({ firstName: "", lastName: "" });
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string }>({});
  const [busy, setBusy] = useState(false);
  const { t } = useT();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      ...(names.firstName.trim() ? {} : { firstName: SIGN_UP_MESSAGES.customer.firstNameRequired }),
      ...(names.lastName.trim() ? {} : { lastName: SIGN_UP_MESSAGES.customer.lastNameRequired }),
    };
    setErrors(next);
    if (next.firstName || next.lastName || busy) return;
    setBusy(true);
    try {
      await onSubmit(names);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <NameFields names={names} errors={errors} onChange={setNames} />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        <KeyRound aria-hidden="true" className="size-5" />
        {t("Create my account")}
      </Button>
    </form>
  );
}
