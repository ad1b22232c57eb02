import { useMutation } from "@tanstack/react-query";
import type { LoginValues } from "@tessera/shared";
import { post } from "@/lib/api-client";

export interface SignInResponse {
  message?: string;
  token: string;
  user?: { id: number | string; email: string; [key: string]: unknown };
}

/** POST /auth/sign-in. Sent without any stored token: a stale one must not matter here. */
export function signIn(credentials: LoginValues): Promise<SignInResponse> {
  return post<SignInResponse>("/auth/sign-in", credentials, { auth: false });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
