import { useQuery } from "@tanstack/react-query";
import type { Employee, StaffValues } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { retryUnlessClientError } from "@/lib/query-client";
import { useRefreshingMutation } from "@/lib/use-refreshing-mutation";

/** The owner's staff (spec §7 "Employees"). Every change refreshes `staffKeys.all`. */
export const staffKeys = {
  all: ["staff"] as const,
  list: () => [...staffKeys.all, "list"] as const,
  detail: (id: number) => [...staffKeys.all, "detail", id] as const,
};

/** GET /employees/get-employees-by-merchant-id */
export function useEmployees(enabled = true) {
  return useQuery({
    enabled,
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) =>
      api.get<{ employees: Employee[]; total: number }>("/employees/get-employees-by-merchant-id", {
        signal,
      }),
    retry: retryUnlessClientError,
  });
}

/** GET /employees/get-employee-by-id/{id} */
export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: staffKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => {
      const { employee } = await api.get<{ employee: Employee }>(
        `/employees/get-employee-by-id/${id}`,
        { signal },
      );
      return employee;
    },
    retry: retryUnlessClientError,
    enabled: id !== null,
  });
}

type SaveResponse = { message: string; employee: Employee };

function useStaffMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  return useRefreshingMutation(staffKeys.all, mutationFn);
}

/** POST /employees/create-employee, or PUT /employees/update-employee/{id} with `id`. */
export const useSaveEmployee = () =>
  useStaffMutation(({ id, values }: { id?: number; values: StaffValues }) =>
    id === undefined
      ? api.post<SaveResponse>("/employees/create-employee", values)
      : api.put<SaveResponse>(`/employees/update-employee/${id}`, values),
  );

/** PUT /employees/update-employee-status/{id}: Enable; Disable uses disable-employee. */
export const useSetEmployeeStatus = () =>
  useStaffMutation(({ id, status }: { id: number; status: "active" | "disabled" }) =>
    status === "disabled"
      ? api.put<SaveResponse>(`/employees/disable-employee/${id}`)
      : api.put<SaveResponse>(`/employees/update-employee-status/${id}`, { status, id }),
  );

/** DELETE /employees/delete-employee-by-id/{id} */
export const useDeleteEmployee = () =>
  useStaffMutation((id: number) =>
    api.del<{ message: string }>(`/employees/delete-employee-by-id/${id}`),
  );

/** POST /employees/resend-invitation/{id} */
export const useResendInvitation = () =>
  useStaffMutation((id: number) =>
    api.post<{ message: string }>(`/employees/resend-invitation/${id}`),
  );
