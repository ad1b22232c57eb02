import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type {
  AuthProvidersResponse,
  ChangePasswordPayload,
  Customer,
  CustomerLoginPayload,
  CustomerSignUpPayload,
  LoginPayload,
  SignUpPayload,
  TwoFactorPending,
  TwoFactorSetup,
  User,
  VerifyTokenResponse,
} from "@tessera/shared";
import { api, buildApiUrl } from "@/lib/api-client";
import { tokenCheckQueryDefaults } from "@/lib/query-client";

/**
 * Every access call of spec §7 / issue 3: sign-in, sign-up, forgot and reset password, token
 * checks, password change, staff set-password and the configured sign-in providers. Sign-in,
 * sign-up and the token pages never send a stored token (`auth: false`).
 */

type MessageResponse = { message?: string };

// --- Merchant --------------------------------------------------------------------------------

export interface SignInResponse {
  message?: string;
  token: string;
  user?: User;
}

/**
 * POST /auth/sign-in. Sent without any stored token: a stale one must not matter here. With
 * two-factor sign-in on (or required of a staff member) the answer is the second step instead.
 */
export function signIn(credentials: LoginPayload): Promise<SignInResponse | TwoFactorPending> {
  return api.post<SignInResponse | TwoFactorPending>("/auth/sign-in", credentials, {
    auth: false,
  });
}

/** POST /auth/two-factor/verify: the code step of sign-in (TOTP or a recovery code). */
export function verifyTwoFactor(payload: {
  challenge: string;
  code: string;
}): Promise<{ token: string; user: User }> {
  return api.post("/auth/two-factor/verify", payload, { auth: false });
}

/** POST /auth/two-factor/enrol/start: required enrolment at sign-in, the app's secret. */
export function startSignInEnrolment(challenge: string): Promise<TwoFactorSetup> {
  return api.post("/auth/two-factor/enrol/start", { challenge }, { auth: false });
}

/** POST /auth/two-factor/enrol/confirm: the first code; 2FA on, signed in, codes shown once. */
export function confirmSignInEnrolment(payload: {
  challenge: string;
  code: string;
}): Promise<{ token: string; user: User; recoveryCodes: string[] }> {
  return api.post("/auth/two-factor/enrol/confirm", payload, { auth: false });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

/** A sign-up's answer (201): a message, the new account's session token, and the account. */
type SignedUp<Account> = { message?: string; token: string } & Account;

export type SignUpResponse = SignedUp<{ user: User }>;

/** POST /auth/sign-up → 201 { message, token, user }; a taken e-mail → 409 errors.email. */
export function signUp(payload: SignUpPayload): Promise<SignUpResponse> {
  return api.post<SignUpResponse>("/auth/sign-up", payload, { auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/** POST /auth/forgot-password: always the same answer, whether or not the address exists. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>("/auth/forgot-password", { email }, { auth: false });
}

/** What a reset link carries: its token and, when the link has it, the e-mail. */
type ResetLink = { token: string; email?: string };

/** POST /auth/reset-password { token, email, password }. */
export function resetPassword(input: ResetLink & { password: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>("/auth/reset-password", input, { auth: false });
}

/** PUT /auth/update-password { currentPassword, newPassword } (signed in). */
export function updatePassword(payload: ChangePasswordPayload): Promise<MessageResponse> {
  return api.put<MessageResponse>("/auth/update-password", payload);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

/** POST /employees/set-password { token, password, confirmPassword } (staff invitation). */
export function setEmployeePassword(input: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<MessageResponse> {
  return api.post<MessageResponse>("/employees/set-password", input, { auth: false });
}

export function useSetEmployeePassword() {
  return useMutation({ mutationFn: setEmployeePassword });
}

// --- Customer (scoped by shop) ---------------------------------------------------------------

export type CustomerSignInResponse =
  | { message?: string; token: string; customer: Customer }
  | { message?: string; token: string; merchant: User }
  | TwoFactorPending;

/** POST /customer/auth/sign-in: the shop's customer, or its merchant (owner or staff). */
export function customerSignIn(payload: CustomerLoginPayload): Promise<CustomerSignInResponse> {
  return api.post<CustomerSignInResponse>("/customer/auth/sign-in", payload, { auth: false });
}

/** Passwordless sign-in: the e-mail gets a code and a link (same answer for any address). */
export function requestSignInCode(payload: { shopId: number; email: string }) {
  return api.post<{ message: string }>("/customer/auth/sign-in-code", payload, { auth: false });
}

export type SignInCodeAnswer =
  | { token: string; customer: Customer }
  | { token: string; merchant: User }
  | { needsName: true; email: string };

/** The typed code (with the e-mail) or the link's token; a new customer adds a name. */
export function verifySignInCode(payload: {
  shopId: number;
  email?: string;
  code?: string;
  token?: string;
  firstName?: string;
  lastName?: string;
}) {
  return api.post<SignInCodeAnswer>("/customer/auth/sign-in-code/verify", payload, {
    auth: false,
  });
}

export function useCustomerSignIn() {
  return useMutation({ mutationFn: customerSignIn });
}

export type CustomerSignUpResponse = SignedUp<{ customer: Customer }>;

/** POST /customer/auth/sign-up → 201 { message, token, customer }. */
export function customerSignUp(payload: CustomerSignUpPayload): Promise<CustomerSignUpResponse> {
  return api.post<CustomerSignUpResponse>("/customer/auth/sign-up", payload, { auth: false });
}

export function useCustomerSignUp() {
  return useMutation({ mutationFn: customerSignUp });
}

/** POST /customer/auth/forgot-password/{email}/{shopId}. */
export function requestCustomerPasswordReset(input: {
  email: string;
  shopId: number;
}): Promise<MessageResponse> {
  const path = `/customer/auth/forgot-password/${encodeURIComponent(input.email)}/${input.shopId}`;
  return api.post<MessageResponse>(path, undefined, { auth: false });
}

/** POST /customer/auth/reset-password { token, email, password, confirmPassword }. */
export function resetCustomerPassword(
  input: ResetLink & { password: string; confirmPassword: string },
): Promise<MessageResponse> {
  return api.post<MessageResponse>("/customer/auth/reset-password", input, { auth: false });
}

// --- Token checks and providers --------------------------------------------------------------

export type ResetAudience = { kind: "merchant" } | { kind: "customer"; shopId: number };

export const authKeys = {
  all: ["auth"] as const,
  providers: () => [...authKeys.all, "providers"] as const,
  resetToken: (audience: ResetAudience, token: string, email?: string) =>
    [...authKeys.all, "reset-token", audience.kind, token, email ?? ""] as const,
};

/** GET {path}?token=&email= → 200, or 400 "Invalid or expired token.". */
const resetTokenCheckPaths = {
  merchant: "/auth/verify-token",
  customer: "/customer/auth/verify-pass-token",
} as const;

/** The reset link's token check; retries once (spec §9). */
export function resetTokenQueryOptions(audience: ResetAudience, token: string, email?: string) {
  return queryOptions({
    queryKey: authKeys.resetToken(audience, token, email),
    queryFn: ({ signal }) =>
      api.get<VerifyTokenResponse>(resetTokenCheckPaths[audience.kind], {
        query: { token, email },
        signal,
        auth: false,
      }),
    ...tokenCheckQueryDefaults,
    // A checked token is spent by the reset; never reuse an old answer.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** GET /auth/providers → { google }: the Google buttons show only when it is configured. */
export function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProvidersResponse> {
  return api.get<AuthProvidersResponse>("/auth/providers", { signal, auth: false });
}

export function useAuthProviders() {
  return useQuery({
    queryKey: authKeys.providers(),
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: 10 * 60 * 1000,
    retry: 1,
  });
}

/** Browser navigations (not fetch) that start Google sign-in. */
export function googleSignInUrl(shopId?: number): string {
  return shopId === undefined
    ? buildApiUrl("/auth/google")
    : buildApiUrl("/customer/auth/google", { shopId });
}
