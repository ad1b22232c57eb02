import { zodResolver } from "@hookform/resolvers/zod";
import {
  type Employee,
  STAFF_ACTION_MESSAGES,
  type StaffInput,
  type StaffValues,
  staffSchema,
} from "@tessera/shared";
import { fieldBinder } from "@/components/form-fields";
import { useIdParam } from "@/components/id-param";
import { ModalFormActions } from "@/components/modal-form-actions";
import { LoadingFields, Modal, QueryRecord, TextInput } from "@/components/ui";
import { applyServerFieldErrors, useCheckedForm } from "@/lib/form-errors";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useGoBack } from "@/lib/use-go-back";
import { useEmployee, useSaveEmployee } from "../api";
import { STAFF_PATH } from "../staff-status";

type FormValues = { firstName: string; lastName: string; email: string; role: string };

function StaffForm({ employee, onDone }: { employee?: Employee; onDone: () => void }) {
  const save = useSaveEmployee();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useCheckedForm<FormValues, StaffValues>(zodResolver(staffSchema) as never, {
    firstName: employee?.firstName ?? "",
    lastName: employee?.lastName ?? "",
    email: employee?.email ?? "",
    role: employee?.role ?? "",
  } satisfies StaffInput);

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: employee?.id, values },
      {
        onSuccess: (r) => {
          notifySuccess(
            r.message || (employee ? STAFF_ACTION_MESSAGES.updated : STAFF_ACTION_MESSAGES.invited),
          );
          // Spec §4: staff create/update go back one step.
          onDone();
        },
        onError: (error) => {
          if (
            !applyServerFieldErrors(error, setError, ["firstName", "lastName", "email", "role"])
          ) {
            notifyError(error);
          }
        },
      },
    ),
  );
  const fieldProps = fieldBinder(register, errors);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="First name" required {...fieldProps("firstName")} />
          <TextInput label="Last name" required {...fieldProps("lastName")} />
        </div>
        <TextInput
          label="Email"
          type="email"
          required
          readOnly={employee !== undefined}
          hint={employee ? "The e-mail cannot be changed." : "The invitation is sent here."}
          {...fieldProps("email")}
        />
        <TextInput label="Role" required placeholder="e.g. Barista" {...fieldProps("role")} />
      </fieldset>
      <ModalFormActions
        pending={save.isPending}
        submitLabel={employee ? "Update details" : "Invite Role"}
        divided
      />
    </form>
  );
}

/** `/merchant/users/new-user` (`?create=true` or `?id=` to edit): the staff member form. */
export function StaffFormModal() {
  const { raw, id } = useIdParam();
  const employee = useEmployee(id);
  const goBack = useGoBack(STAFF_PATH);
  const editing = raw !== null;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) goBack();
      }}
      title={editing ? "Update Staff Member" : "Create Staff Member"}
    >
      {!editing ? (
        <StaffForm onDone={goBack} />
      ) : (
        <QueryRecord
          id={id}
          query={employee}
          notFound={STAFF_ACTION_MESSAGES.notFound}
          loading={
            <LoadingFields label="Loading staff member" shapes={["h-11 w-full", "h-11 w-full"]} />
          }
        >
          {(record) => <StaffForm key={record.id} employee={record} onDone={goBack} />}
        </QueryRecord>
      )}
    </Modal>
  );
}
