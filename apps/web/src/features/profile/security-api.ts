import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AccountSessionsResponse,
  StaffSecurityPolicy,
  TwoFactorEnabledResponse,
  TwoFactorSetup,
  TwoFactorStatus,
} from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";

/**
 * The profile's Security section: two-factor sign-in, the owner's staff requirement and the
 * account's sessions (also used by the customer profile).
 */

export const securityKeys = {
  all: ["security"] as const,
  twoFactor: () => [...securityKeys.all, "two-factor"] as const,
  sessions: () => [...securityKeys.all, "sessions"] as const,
  staffPolicy: () => [...securityKeys.all, "staff-policy"] as const,
};

function useSecurityQuery<Data>(queryKey: readonly string[], path: string, enabled = true) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<Data>(path, { signal }),
    retry: retryUnlessClientError,
    enabled,
  });
}

/** After a change: the given part of the Security section is fetched again. */
function useRefresh(queryKey: readonly string[]) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey });
}

export const useTwoFactorStatus = (enabled = true) =>
  useSecurityQuery<TwoFactorStatus>(securityKeys.twoFactor(), "/user/two-factor", enabled);

export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>("/user/two-factor/start") });
}

export function useConfirmTwoFactor() {
  const refresh = useRefresh(securityKeys.twoFactor());
  return useMutation({
    mutationFn: (code: string) =>
      api.post<TwoFactorEnabledResponse>("/user/two-factor/confirm", { code }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefresh(securityKeys.twoFactor());
  return useMutation({
    mutationFn: (password: string) =>
      api.post<{ message: string }>("/user/two-factor/disable", { password }),
    onSuccess: refresh,
  });
}

export const useSessions = () =>
  useSecurityQuery<AccountSessionsResponse>(securityKeys.sessions(), "/auth/sessions");

export function useRevokeSession() {
  const refresh = useRefresh(securityKeys.sessions());
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/auth/sessions/${id}`),
    onSettled: refresh,
  });
}

export function useSignOutOthers() {
  const refresh = useRefresh(securityKeys.sessions());
  return useMutation({
    mutationFn: () =>
      api.post<{ message: string; signedOut: number }>("/auth/sessions/sign-out-others"),
    onSettled: refresh,
  });
}

export const useStaffPolicy = () =>
  useSecurityQuery<StaffSecurityPolicy>(securityKeys.staffPolicy(), "/shop/security");

export function useSetStaffPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean) =>
      api.put<StaffSecurityPolicy & { message: string }>("/shop/security", {
        requireStaffTwoFactor: value,
      }),
    onSuccess: (data) =>
      queryClient.setQueryData(securityKeys.staffPolicy(), {
        requireStaffTwoFactor: data.requireStaffTwoFactor,
      }),
  });
}
