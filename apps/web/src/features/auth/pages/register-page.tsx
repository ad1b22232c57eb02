import { useQueryClient } from "@tanstack/react-query";
import { ACCESS_MESSAGES } from "@tessera/shared";
import { useNavigate } from "react-router";
import { ThemeToggle } from "@/components/theme-toggle";
import { forgetSessionData, sessionKeys } from "@/features/session";
import { notifySuccess } from "@/lib/notify";
import { useErrorParamToast } from "@/lib/session-hooks";
import { MERCHANT_SCOPE, setToken } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { signUp } from "../api";
import { AccountSwitchPrompt } from "../components/account-switch-prompt";
import { AuthHeading } from "../components/auth-heading";
import { AuthShell } from "../components/auth-shell";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { SignUpForm, type SignUpValues } from "../components/sign-up-form";

/** `/register`: merchant sign-up. Success → token stored, toast, `/verify-email?email=…`. */
export function RegisterPage() {
  useDocumentTitle("Sign up");
  useErrorParamToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function handleSignUp({ firstName, lastName, email, password }: SignUpValues) {
    const data = await signUp({ firstName, lastName, email, password });
    forgetSessionData(queryClient);
    setToken(data.token, MERCHANT_SCOPE);
    if (data.user) queryClient.setQueryData(sessionKeys.user(), data.user);
    notifySuccess(data.message || ACCESS_MESSAGES.signUp);
    navigate(`/verify-email?${new URLSearchParams({ email })}`);
  }

  return (
    <AuthShell headerAction={<ThemeToggle />}>
      <AuthHeading
        title="Create your account"
        description="Start your shop's memberships and offers in a few minutes."
      />
      <SignUpForm audience="merchant" onSignUp={handleSignUp} />
      <GoogleSignInButton label="Sign up with Google" />
      <AccountSwitchPrompt question="Already have an account?" to="/">
        Log in
      </AccountSwitchPrompt>
    </AuthShell>
  );
}
