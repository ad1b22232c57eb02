import type { CustomerDashboard } from "@tessera/shared";
import type { ReactNode } from "react";
import { Card, QueryErrorState } from "@/components/ui";
import { useSignedInCustomer } from "./customer-header";
import { SignedOutNotice } from "./signed-out-notice";

/**
 * The card of a profile page (the overview, Update Profile): the signed-out notice without a
 * stored customer, `loading` while the customer's read loads, its error state (under
 * `errorTitle`) when it failed, else `children` with the customer's id and what was read.
 */
export function SignedInCustomerCard({
  loading,
  errorTitle,
  children,
}: {
  loading: ReactNode;
  errorTitle?: string;
  children: (customerId: number, dashboard: CustomerDashboard) => ReactNode;
}) {
  const { customerId, dashboard } = useSignedInCustomer();
  return (
    <Card>
      {customerId === null ? (
        <SignedOutNotice />
      ) : dashboard.isPending ? (
        loading
      ) : dashboard.isError ? (
        <QueryErrorState query={dashboard} title={errorTitle} />
      ) : (
        children(customerId, dashboard.data)
      )}
    </Card>
  );
}
