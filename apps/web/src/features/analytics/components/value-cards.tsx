import type {
  BenefitAnalytics,
  BenefitUse,
  LifetimeValueAnalytics,
  OfferAnalytics,
  OfferAnalyticsRow,
  TierValue,
} from "@tessera/shared";
import { formatMoney } from "@tessera/shared";
import { Info } from "lucide-react";
import { numberColumn, type TableColumn } from "@/components/ui";
import { formatMaybeMoney, formatRate } from "../format";
import { TableFigureCard } from "./table-figure-card";

export const LTV_FORMULA =
  "LTV = ARPU ÷ monthly churn rate. ARPU is the tier's MRR ÷ its members; monthly churn is the members lost in the period's months ÷ the members at those months' starts.";

/** A column header with the formula in a tooltip (hover or keyboard focus). */
function FormulaHeader({ label, formula }: { label: string; formula: string }) {
  return (
    <span className="group relative inline-flex items-center gap-1">
      {label}
      <button
        type="button"
        className="rounded-full text-fg-subtle hover:text-fg focus-visible:outline-2"
        aria-label={`How ${label} is computed`}
        aria-describedby="ltv-formula"
      >
        <Info aria-hidden="true" className="size-3.5" />
      </button>
      <span
        id="ltv-formula"
        role="tooltip"
        className="invisible absolute top-full right-0 z-10 mt-1 w-64 rounded-control border border-line bg-surface p-2 text-left font-normal text-fg text-xs shadow-raised group-focus-within:visible group-hover:visible"
      >
        {formula}
      </span>
    </span>
  );
}

export function LifetimeValueCard({
  data,
  tierId,
  fileName,
}: {
  data: LifetimeValueAnalytics;
  tierId: number | null;
  fileName: string;
}) {
  const rows = data.tiers.filter((t) => tierId === null || t.tierId === tierId);
  const columns: TableColumn<TierValue>[] = [
    {
      key: "tier",
      header: "Tier",
      cell: (t) => (t.tierId === null ? <strong>{t.tierName}</strong> : t.tierName),
      className: "min-w-32",
    },
    { key: "members", header: "Members", cell: (t) => t.members, align: "right" },
    numberColumn("mrr", "MRR", (t) => formatMoney(t.mrr)),
    numberColumn("arpu", "ARPU", (t) => formatMaybeMoney(t.arpu)),
    {
      key: "churn",
      header: "Monthly churn",
      cell: (t) => formatRate(t.monthlyChurnRate),
      align: "right",
    },
    {
      key: "ltv",
      header: <FormulaHeader label="LTV" formula={LTV_FORMULA} />,
      cell: (t) =>
        t.ltv === null ? (
          <span title="No members lost in the period: no finite estimate">—</span>
        ) : (
          formatMoney(t.ltv)
        ),
      align: "right",
      className: "tabular-nums",
    },
  ];
  return (
    <TableFigureCard
      title="Lifetime value"
      description="Average revenue per member (per month) and lifetime value per tier."
      columns={columns}
      rows={rows}
      getRowKey={(t) => t.tierId ?? "all"}
      empty={{ title: "No tiers yet" }}
      fileName={fileName}
      csvColumns={[
        { header: "Tier", value: (t) => t.tierName },
        { header: "Members", value: (t) => t.members },
        { header: "MRR", value: (t) => t.mrr },
        { header: "ARPU", value: (t) => t.arpu },
        { header: "Monthly churn %", value: (t) => t.monthlyChurnRate },
        { header: "LTV", value: (t) => t.ltv },
      ]}
    />
  );
}

export function BenefitCard({ data, fileName }: { data: BenefitAnalytics; fileName: string }) {
  const columns: TableColumn<BenefitUse>[] = [
    { key: "tier", header: "Tier", cell: (b) => b.tierName },
    { key: "benefit", header: "Benefit", cell: (b) => b.benefitName, className: "min-w-32" },
    {
      key: "eligible",
      header: "Member-months",
      cell: (b) => b.eligibleMemberMonths,
      align: "right",
    },
    { key: "used", header: "Redeemed", cell: (b) => b.redeemedMemberMonths, align: "right" },
    { key: "rate", header: "Use", cell: (b) => formatRate(b.useRate), align: "right" },
  ];
  const c = data.cashback;
  return (
    <TableFigureCard
      title="Benefit use"
      description="For each benefit, the share of eligible member-months in which it was redeemed."
      columns={columns}
      rows={data.benefits}
      getRowKey={(b) => b.benefitId}
      empty={{ title: "No benefits", hint: "Benefits of your tiers show here." }}
      footer={
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ["Cashback earned", c.earned],
            ["Cashback redeemed", c.redeemed],
            ["Taken back", c.reversed],
            ["Cashback owed", c.liability],
          ].map(([label, value]) => (
            <div key={label} className="rounded-control bg-muted px-3 py-2">
              <dt className="text-fg-muted text-xs">{label}</dt>
              <dd className="font-semibold text-fg tabular-nums">{formatMoney(value as number)}</dd>
            </div>
          ))}
        </dl>
      }
      fileName={fileName}
      csvColumns={[
        { header: "Tier", value: (b) => b.tierName },
        { header: "Benefit", value: (b) => b.benefitName },
        { header: "Eligible member-months", value: (b) => b.eligibleMemberMonths },
        { header: "Redeemed member-months", value: (b) => b.redeemedMemberMonths },
        { header: "Use %", value: (b) => b.useRate },
      ]}
    />
  );
}

export function OfferCard({ data, fileName }: { data: OfferAnalytics; fileName: string }) {
  const columns: TableColumn<OfferAnalyticsRow>[] = [
    { key: "offer", header: "Offer", cell: (o) => o.offerName, className: "min-w-36" },
    { key: "sold", header: "Sold", cell: (o) => o.sold, align: "right" },
    {
      key: "through",
      header: "Sell-through",
      cell: (o) =>
        o.quantity === null ? "Unlimited" : `${formatRate(o.sellThrough)} of ${o.quantity}`,
      align: "right",
      className: "whitespace-nowrap",
    },
    numberColumn("revenue", "Revenue", (o) => formatMoney(o.revenue)),
    {
      key: "redeemed",
      header: "Redeemed",
      cell: (o) => `${o.redeemed} (${formatRate(o.redemptionRate)})`,
      align: "right",
      className: "whitespace-nowrap",
    },
  ];
  return (
    <TableFigureCard
      title="Offers"
      description="Units sold in the period, sell-through of limited offers (all sales ÷ quantity), revenue, and how many sold units were redeemed."
      columns={columns}
      rows={data.offers}
      getRowKey={(o) => o.id}
      empty={{ title: "No offers in this period" }}
      fileName={fileName}
      csvColumns={[
        { header: "Offer", value: (o) => o.offerName },
        { header: "Quantity", value: (o) => o.quantity },
        { header: "Sold", value: (o) => o.sold },
        { header: "Sold all time", value: (o) => o.soldAllTime },
        { header: "Sell-through %", value: (o) => o.sellThrough },
        { header: "Revenue", value: (o) => o.revenue },
        { header: "Redeemed", value: (o) => o.redeemed },
        { header: "Redemption %", value: (o) => o.redemptionRate },
      ]}
    />
  );
}
