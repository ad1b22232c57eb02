import { useQueryClient } from "@tanstack/react-query";
import type { LoginValues } from "@tessera/shared";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { ThemeToggle } from "@/components/theme-toggle";
import { forgetSessionData, useMerchantLanding } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { hasMerchantSession, MERCHANT_SCOPE, setToken } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { signIn } from "../api";
import { AuthHeading } from "../components/auth-heading";
import { AuthShell } from "../components/auth-shell";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { LoginForm } from "../components/login-form";

/**
 * `/`: merchant (owner and staff) login. After signing in — by form, by the Google return
 * (`?token=`, stored by the root layout), or because a session is already stored — the
 * landing logic of spec §4 picks the dashboard or create shop.
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

  async function handleSignIn(values: LoginValues) {
    const data = await signIn(values);
    forgetSessionData(queryClient);
    setToken(data.token, MERCHANT_SCOPE);
    await land(data.user);
  }

  if (isResuming) return <PageLoader label="Signing you in" />;

  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <AuthHeading
        title="Log in to your account"
        description="Welcome back. Enter your details to manage your shop."
      />
      <LoginForm onSignIn={handleSignIn} forgotPasswordPath="/pass/forgot-password" />
      <GoogleSignInButton label="Log in with Google" />
      <p className="mt-6 text-center text-fg-muted text-sm">
        Don&apos;t have an account?{" "}
        <Link to="/register" className="rounded-sm font-semibold text-primary-ink hover:underline">
          Sign up
        </Link>
      </p>
    </AuthShell>
  );
}
