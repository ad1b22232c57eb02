import { Card, CardHeader } from "@/components/ui";
import { SessionsList } from "./sessions-list";

/** A customer's "Where you're signed in" card (the merchant's is inside the Security card). */
export function SessionsCard() {
  return (
    <Card>
      <CardHeader title="Where you're signed in" headingLevel={2} className="mb-2" />
      <SessionsList />
    </Card>
  );
}
