import { QueryErrorState, Skeleton, Switch } from "@/components/ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useSetStaffPolicy, useStaffPolicy } from "../security-api";

/** The owner's "Require two-factor sign-in for staff": staff without it set it up at sign-in. */
export function StaffPolicyRow() {
  const policy = useStaffPolicy();
  const save = useSetStaffPolicy();
  if (policy.isPending) return <Skeleton className="h-10 w-full" />;
  if (policy.isError) return <QueryErrorState query={policy} />;
  return (
    <Switch
      label="Require two-factor sign-in for staff"
      hint="Staff without it set it up the next time they sign in, before they can do anything else."
      checked={save.isPending ? (save.variables ?? false) : policy.data.requireStaffTwoFactor}
      disabled={save.isPending}
      onCheckedChange={(value) =>
        save.mutate(value, {
          onSuccess: (result) => notifySuccess(result.message),
          onError: (error) => notifyError(error),
        })
      }
    />
  );
}
