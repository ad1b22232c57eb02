import type { Redemption, RedemptionType } from "@tessera/shared";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeTone, type TableColumn } from "@/components/ui";
import { type MessageKey, t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useCustomerRedemptions } from "../api";
import { formatAmount, formatDay, formatTime } from "../format";
import { PagedHistory } from "./paged-history";

export const NO_REDEMPTIONS_TEXT = "No redemptions available";
export const LIST_PAGE_SIZE = 10;

const TYPE_LABELS: Record<RedemptionType, { label: MessageKey; tone: BadgeTone }> = {
  benefit: { label: "Benefit", tone: "primary" },
  offer: { label: "Offer", tone: "info" },
  cashback: { label: "Cashback", tone: "success" },
};

function redeemedBy(redemption: Redemption): string {
  return redemption.performedBy === "customer"
    ? t("You")
    : t("{name} (shop)", { name: redemption.performedByName });
}

function TypeBadge({ type }: { type: RedemptionType }) {
  const { label, tone } = TYPE_LABELS[type];
  return <Badge tone={tone}>{t(label)}</Badge>;
}

function RedemptionCards({ rows, timeZone }: { rows: Redemption[]; timeZone: string }) {
  return (
    <ul aria-label={t("Redemptions")} className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id} className="rounded-card border border-line bg-surface p-4 shadow-card">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-semibold text-fg">{row.item}</p>
            <p className="font-semibold text-fg tabular-nums">{formatAmount(row.value)}</p>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-fg-muted text-sm">
            <TypeBadge type={row.redemptionType} />
            <span>
              {formatDay(row.redemptionDate, timeZone)}, {formatTime(row.redemptionDate, timeZone)}
            </span>
            <span>{t("By {name}", { name: redeemedBy(row) })}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Redemptions tab (spec §2, §3 "Redemption"): date, item, value and who redeemed it,
 * newest first, ten a page; "No redemptions available" when there are none. A table on larger
 * screens, cards on phones.
 */
export function RedemptionsTab({ customerId }: { customerId: number }) {
  const shop = useCurrentShop();
  useT();
  const [page, setPage] = useState(1);
  const list = useCustomerRedemptions(shop.id, customerId, page, LIST_PAGE_SIZE);
  return (
    <PagedHistory
      caption={t("Redemptions")}
      query={list}
      rowsOf={(data) => data.redemptions}
      columns={columns(shop.timeZone)}
      cards={(rows) => <RedemptionCards rows={rows} timeZone={shop.timeZone} />}
      empty={{
        icon: <Receipt aria-hidden="true" />,
        title: t(NO_REDEMPTIONS_TEXT),
        hint: t("Benefits, offers and cashback you redeem show here."),
      }}
      page={page}
      pageSize={LIST_PAGE_SIZE}
      onPageChange={setPage}
    />
  );
}

function columns(timeZone: string): TableColumn<Redemption>[] {
  return [
    {
      key: "date",
      header: t("Date"),
      cell: (row) => (
        <span className="whitespace-nowrap">
          {formatDay(row.redemptionDate, timeZone)}
          <span className="block text-fg-subtle text-xs">
            {formatTime(row.redemptionDate, timeZone)}
          </span>
        </span>
      ),
    },
    {
      key: "item",
      header: t("Item"),
      cell: (row) => <span className="font-medium">{row.item}</span>,
    },
    { key: "type", header: t("Type"), cell: (row) => <TypeBadge type={row.redemptionType} /> },
    {
      key: "value",
      header: t("Value"),
      align: "right",
      cell: (row) => <span className="tabular-nums">{formatAmount(row.value)}</span>,
    },
    { key: "by", header: t("Redeemed by"), cell: (row) => redeemedBy(row) },
  ];
}
