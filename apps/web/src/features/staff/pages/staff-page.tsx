import { type Employee, STAFF_ACTION_MESSAGES } from "@tessera/shared";
import { Mail, Pencil, Plus, Power, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, Navigate, Outlet, useNavigate } from "react-router";
import { DropdownMenuAction, RecordActionsMenu } from "@/components/record-actions-menu";
import {
  buttonClassName,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  statusColumn,
  Table,
  type TableColumn,
  titledColumn,
} from "@/components/ui";
import { useCurrentUser } from "@/features/session";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteEmployee, useEmployees, useResendInvitation, useSetEmployeeStatus } from "../api";
import { NEW_STAFF_PATH, staffActions, staffStatusLabel, visibleEmployees } from "../staff-status";

type Pending = { kind: "disable" | "delete"; employee: Employee };

/**
 * `/merchant/users`, the Staff page (spec §2; owner only): Name, Role, Status and a menu per
 * status (§4). The signed-in user's own row is hidden.
 */
export function StaffPage() {
  useDocumentTitle("Staff");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const employees = useEmployees(user.data?.role === "owner");
  const setStatus = useSetEmployeeStatus();
  const remove = useDeleteEmployee();
  const resend = useResendInvitation();
  const [pending, setPending] = useState<Pending | null>(null);

  // Owner only (DOMAIN): staff who open the address land on the dashboard.
  if (user.data && user.data.role !== "owner") {
    return <Navigate to="/merchant/dashboard" replace />;
  }

  const rows = employees.data ? visibleEmployees(employees.data.employees, user.data?.email) : [];
  const nameOf = (e: Employee) => `${e.firstName} ${e.lastName}`;

  function run(action: string, employee: Employee) {
    if (action === "edit") navigate(`${NEW_STAFF_PATH}?id=${employee.id}`);
    else if (action === "disable" || action === "delete") setPending({ kind: action, employee });
    else if (action === "enable")
      setStatus.mutate(
        { id: employee.id, status: "active" },
        {
          onSuccess: (r) => notifySuccess(r.message || STAFF_ACTION_MESSAGES.enabled),
          onError: (error) => notifyError(error),
        },
      );
    else if (action === "resend")
      resend.mutate(employee.id, {
        onSuccess: (r) => notifySuccess(r.message || STAFF_ACTION_MESSAGES.invitationResent),
        onError: (error) => notifyError(error),
      });
  }

  const labels = {
    edit: { label: "Edit", icon: Pencil },
    disable: { label: "Disable", icon: Power },
    enable: { label: "Enable", icon: Power },
    resend: { label: "Resend invitation", icon: Mail },
    delete: { label: "Delete", icon: Trash2 },
  } as const;

  const columns: TableColumn<Employee>[] = [
    titledColumn("name", "Name", "min-w-48", (e) => ({ title: nameOf(e), detail: e.email })),
    { key: "role", header: "Role", cell: (e) => e.role },
    statusColumn((e) => staffStatusLabel(e.status)),
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      align: "right",
      cell: (e) =>
        e.isOwner ? null : (
          <RecordActionsMenu name={nameOf(e)}>
            {staffActions(e.status).map((action) => (
              <DropdownMenuAction
                key={action}
                icon={labels[action].icon}
                onSelect={() => run(action, e)}
              >
                {labels[action].label}
              </DropdownMenuAction>
            ))}
          </RecordActionsMenu>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Staff</h1>
        <Link
          to={`${NEW_STAFF_PATH}?create=true`}
          className={buttonClassName({ className: "no-underline" })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add User
        </Link>
      </div>
      {employees.isError ? (
        <ErrorState
          message={STAFF_ACTION_MESSAGES.loadFailed}
          onRetry={() => void employees.refetch()}
          retrying={employees.isFetching}
        />
      ) : (
        <Table
          caption="Staff"
          hideCaption
          columns={columns}
          rows={rows}
          getRowKey={(e) => e.id}
          loading={employees.isPending}
          empty={
            <EmptyState
              title="No Staff Members"
              hint="Add a staff member to invite them to your shop."
            />
          }
        />
      )}
      <ConfirmDialog
        open={pending?.kind === "disable"}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Disable staff member?"
        description={
          pending ? `${nameOf(pending.employee)} will be signed out and cannot sign in.` : undefined
        }
        confirmLabel="Disable"
        pending={setStatus.isPending}
        onConfirm={() =>
          pending &&
          setStatus.mutate(
            { id: pending.employee.id, status: "disabled" },
            {
              onSuccess: (r) => {
                notifySuccess(r.message || STAFF_ACTION_MESSAGES.disabled);
                setPending(null);
              },
              onError: (error) => notifyError(error),
            },
          )
        }
      />
      <ConfirmDialog
        open={pending?.kind === "delete"}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Delete staff member?"
        description={pending ? `${nameOf(pending.employee)} will lose access.` : undefined}
        pending={remove.isPending}
        onConfirm={() =>
          pending &&
          remove.mutate(pending.employee.id, {
            onSuccess: () => {
              notifySuccess(STAFF_ACTION_MESSAGES.deleted);
              setPending(null);
            },
            onError: (error) => notifyError(error),
          })
        }
      />
      <Outlet />
    </div>
  );
}
