import { TabsList, TabsTrigger } from "@/components/ui";

/** The Transactions and Redemptions tabs of a record of sales (a member's history, Reports). */
export function HistoryTabsList({ label }: { label: string }) {
  return (
    <TabsList aria-label={label}>
      <TabsTrigger value="transactions">Transactions</TabsTrigger>
      <TabsTrigger value="redemptions">Redemptions</TabsTrigger>
    </TabsList>
  );
}
