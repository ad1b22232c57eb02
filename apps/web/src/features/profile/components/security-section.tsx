import { Card, CardHeader } from "@/components/ui";
import { SessionsList } from "./sessions-list";
import { StaffPolicyRow } from "./staff-policy-row";
import { TwoFactorPanel } from "./two-factor-panel";

/**
 * The profile's Security card: two-factor sign-in (owners and staff), the owner's staff
 * requirement, and the account's active sessions. Loaded apart from the profile page: the QR
 * code and dialogs are only needed here.
 */
export function SecuritySection({ isOwner }: { isOwner: boolean }) {
  return (
    <Card>
      <CardHeader title="Security" headingLevel={2} className="mb-2" />
      <div className="flex flex-col gap-5">
        <TwoFactorPanel />
        {isOwner ? <StaffPolicyRow /> : null}
        <section aria-labelledby="sessions-heading" className="flex flex-col gap-2">
          <h3 id="sessions-heading" className="font-semibold text-fg">
            Where you're signed in
          </h3>
          <SessionsList />
        </section>
      </div>
    </Card>
  );
}
