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

export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: securityKeys.twoFactor(),
    queryFn: ({ signal }) => api.get<TwoFactorStatus>("/user/two-factor", { signal }),
    retry: retryUnlessClientError,
    enabled,
  });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetup>("/user/two-factor/start") });
}

function useRefreshStatus() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<TwoFactorEnabledResponse>("/user/two-factor/confirm", { code }),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (password: string) =>
      api.post<{ message: string }>("/user/two-factor/disable", { password }),
    onSuccess: refresh,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => api.get<AccountSessionsResponse>("/auth/sessions", { signal }),
    retry: retryUnlessClientError,
  });
}

function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: securityKeys.sessions() });
}

export function useRevokeSession() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (id: number) => api.del<{ message: string }>(`/auth/sessions/${id}`),
    onSettled: refresh,
  });
}

export function useSignOutOthers() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: () =>
      api.post<{ message: string; signedOut: number }>("/auth/sessions/sign-out-others"),
    onSettled: refresh,
  });
}

export function useStaffPolicy() {
  return useQuery({
    queryKey: securityKeys.staffPolicy(),
    queryFn: ({ signal }) => api.get<StaffSecurityPolicy>("/shop/security", { signal }),
    retry: retryUnlessClientError,
  });
}

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
