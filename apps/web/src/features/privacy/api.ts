import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ERASURE_CONFIRM_WORD, type ErasurePayload, type ErasureResponse } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { downloadFile } from "@/lib/save-file";
import { removeToken } from "@/lib/token-storage";

/**
 * A person's data export and erasure (docs/privacy.md): the customer's own from the profile,
 * a member's by the owner from the member page.
 */

const confirm: ErasurePayload = { confirm: ERASURE_CONFIRM_WORD };

/** Fetched with the session's token (a plain link cannot send it), then saved as the server named it. */
export async function downloadZip(path: string, fallbackName: string): Promise<void> {
  await downloadFile(path, fallbackName);
}

export const myDataPath = (customerId: number) => `/customer/privacy/export/${customerId}`;
export const memberDataPath = (memberId: number) => `/privacy/members/${memberId}/export`;

export function useDownload(path: string, fallbackName: string) {
  return useMutation({ mutationFn: () => downloadZip(path, fallbackName) });
}

export function useEraseMyAccount(customerId: number) {
  return useMutation({
    mutationFn: async () => {
      const response = await api.post<ErasureResponse>(
        `/customer/privacy/erase/${customerId}`,
        confirm,
      );
      // The server ended the session with the erasure: forget the token at once, so a query
      // answered 401 meanwhile is not taken for an expired session ("please log in again").
      removeToken();
      return response;
    },
  });
}

export function useEraseMember(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ErasureResponse>(`/privacy/members/${memberId}/erase`, confirm),
    // The member's page and the list show the placeholder name from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["members"] }),
  });
}
