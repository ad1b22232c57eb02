import { CustomerAreaGuard } from "../guards/customer-guard";
import { CustomerLayout } from "../layouts/customer-layout";

export { CustomerDashboardPage } from "@/features/customer/pages/customer-dashboard-page";
export { CustomerAreaNotFound } from "../pages/inline-not-found";

/** The signed-in customer's shell, behind its guard. */
export function CustomerArea() {
  return (
    <CustomerAreaGuard>
      <CustomerLayout />
    </CustomerAreaGuard>
  );
}
