import { useQueryClient } from "@tanstack/react-query";
import type { LoginValues, TwoFactorChallenge, User } from "@tessera/shared";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { ThemeToggle } from "@/components/theme-toggle";
import { forgetSessionData, useMerchantLanding } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { hasMerchantSession, MERCHANT_SCOPE, setToken } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { signIn } from "../api";
import { AccountSwitchPrompt } from "../components/account-switch-prompt";
import { AuthHeading } from "../components/auth-heading";
import { AuthShell } from "../components/auth-shell";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { LoginForm } from "../components/login-form";

// Loaded only when a second step is due: most sign-ins never need the QR code and its parts.
const TwoFactorStep = lazy(() =>
  import("../components/two-factor-step").then((m) => ({ default: m.TwoFactorStep })),
);

/** Back from Google (or a shop's page) with a pending second step: `?twoFactor=…&mode=…`. */
function challengeFromSearch(search: string): TwoFactorChallenge | null {
  const params = new URLSearchParams(search);
  const challenge = params.get("twoFactor");
  if (!challenge) return null;
  const mode = params.get("mode") === "enrol" ? "enrol" : "verify";
  return { challenge, mode, expiresAt: "" };
}

/**
 * `/`: merchant (owner and staff) login. After signing in — by form, by the Google return
 * (`?token=`, stored by the root layout), or because a session is already stored — the
 * landing logic of spec §4 picks the dashboard or create shop. With two-factor sign-in the
 * password answers a challenge, and the code step (or required enrolment) takes the form's place.
 */
export function LoginPage() {
  useDocumentTitle("Log in");
  useErrorParamToast();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { land } = useMerchantLanding();
  const [isResuming, setIsResuming] = useState(hasMerchantSession);
  const resumedFor = useRef<string | null>(null);

  // Someone already signed in (or just back from Google) goes on without the form.
  useEffect(() => {
    if (resumedFor.current === location.key) return;
    resumedFor.current = location.key;
    if (!hasMerchantSession()) {
      setIsResuming(false);
      return;
    }
    setIsResuming(true);
    void land().finally(() => setIsResuming(false));
  }, [location.key, land]);

  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(() =>
    challengeFromSearch(location.search),
  );
  const [restartMessage, setRestartMessage] = useState<string>();

  async function startSession(data: { token: string; user?: User }) {
    forgetSessionData(queryClient);
    setToken(data.token, MERCHANT_SCOPE);
    await land(data.user);
  }

  async function handleSignIn(values: LoginValues) {
    const data = await signIn(values);
    if ("twoFactor" in data) {
      setRestartMessage(undefined);
      setChallenge(data.twoFactor);
      return;
    }
    await startSession(data);
  }

  const restart = useCallback(
    (message?: string) => {
      setChallenge(null);
      setRestartMessage(message);
      if (location.search.includes("twoFactor=")) navigate("/", { replace: true });
    },
    [location.search, navigate],
  );

  if (isResuming) return <PageLoader label="Signing you in" />;

  if (challenge) {
    return (
      <AuthShell headerAction={<ThemeToggle />}>
        <Suspense fallback={<PageLoader label="Loading" />}>
          <TwoFactorStep challenge={challenge} onSignedIn={startSession} onRestart={restart} />
        </Suspense>
      </AuthShell>
    );
  }

  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <AuthHeading
        title="Log in to your account"
        description="Welcome back. Enter your details to manage your shop."
      />
      {restartMessage ? (
        <p role="alert" className="mb-4 text-danger-ink text-sm">
          {restartMessage}
        </p>
      ) : null}
      <LoginForm onSignIn={handleSignIn} forgotPasswordPath="/pass/forgot-password" />
      <GoogleSignInButton label="Log in with Google" />
      <AccountSwitchPrompt question="Don't have an account?" to="/register">
        Sign up
      </AccountSwitchPrompt>
    </AuthShell>
  );
}
