import { formatMoney, formatShortDate, type MemberDetail } from "@tessera/shared";
import { Gift, Tag, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge, buttonClassName, Card } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { MEMBERS_PATH, memberDetailPath } from "../member-status";

/** The member detail page's side panels: benefits, cashback and offers, two rows each. */

const PANEL_ITEMS = 2;

function Panel({
  title,
  icon,
  seeAll,
  children,
}: {
  title: string;
  icon: ReactNode;
  seeAll?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Card padding="sm" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold text-base text-fg">
          <span aria-hidden="true" className="text-primary [&_svg]:size-4">
            {icon}
          </span>
          {title}
        </h2>
        {seeAll ? (
          <Link to={seeAll} className="font-medium text-primary-ink text-sm">
            See All
            <span className="sr-only"> {title.toLowerCase()}</span>
          </Link>
        ) : null}
      </div>
      {children}
    </Card>
  );
}

function PanelEmpty({ children }: { children: string }) {
  return <p className="py-4 text-center text-fg-muted text-sm">{children}</p>;
}

/** A panel of the first rows of `items`, with See All (to `allPath`) when there are more. */
function ListPanel<Item>({
  title,
  icon,
  items,
  allPath,
  empty,
  row,
}: {
  title: string;
  icon: ReactNode;
  items: readonly Item[];
  allPath: string;
  empty: string;
  row: (item: Item) => ReactNode;
}) {
  return (
    <Panel title={title} icon={icon} seeAll={items.length > PANEL_ITEMS ? allPath : undefined}>
      {items.length === 0 ? (
        <PanelEmpty>{empty}</PanelEmpty>
      ) : (
        <ul className="flex flex-col gap-2">{items.slice(0, PANEL_ITEMS).map(row)}</ul>
      )}
    </Panel>
  );
}

/** A row's Redeem: the redeem modal's route over the member's page. */
function RedeemLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className={buttonClassName({ size: "sm", className: "no-underline" })}
      aria-label={label}
    >
      Redeem
    </Link>
  );
}

function PanelRow({ name, detail, action }: { name: string; detail: string; action: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-control border border-line px-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-fg text-sm">{name}</p>
        <p className="text-fg-muted text-xs">{detail}</p>
      </div>
      {action}
    </li>
  );
}

export function BenefitsPanel({ member }: { member: MemberDetail }) {
  const shop = useCurrentShop();
  const path = `${memberDetailPath(member.id)}/redeem-benefits`;
  return (
    <ListPanel
      title="Redeem Benefit"
      icon={<Gift />}
      items={member.benefits}
      allPath={path}
      empty="No benefits available"
      row={(benefit) => (
        <PanelRow
          key={benefit.id}
          name={benefit.name}
          detail={
            benefit.redeemed && benefit.availableOn
              ? `Redeemed · again on ${formatShortDate(benefit.availableOn, shop.timeZone)}`
              : `Worth ${formatMoney(benefit.worth)}`
          }
          action={
            benefit.redeemed ? (
              <Badge tone="neutral">Redeemed</Badge>
            ) : (
              <RedeemLink to={`${path}?benefitId=${benefit.id}`} label={`Redeem ${benefit.name}`} />
            )
          }
        />
      )}
    />
  );
}

export function CashbackPanel({ member }: { member: MemberDetail }) {
  const usable = member.status !== "disabled";
  return (
    <Panel title="Cashback wallet" icon={<Wallet />}>
      {member.cashbackBalance <= 0 ? (
        <PanelEmpty>No cashback available</PanelEmpty>
      ) : (
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="text-fg-muted text-xs">Available</p>
            <p className="font-bold text-2xl text-fg tabular-nums">
              {formatMoney(member.cashbackBalance)}
            </p>
          </div>
          {usable ? (
            <Link
              to={`${MEMBERS_PATH}/redeem-cashback-modal?memberId=${member.id}`}
              className={buttonClassName({ size: "sm", className: "no-underline" })}
            >
              Redeem Cashback
            </Link>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

export function OffersPanel({ member }: { member: MemberDetail }) {
  const shop = useCurrentShop();
  return (
    <ListPanel
      title="Redeem Offer"
      icon={<Tag />}
      items={member.offers}
      allPath={`${memberDetailPath(member.id)}/redeem-offers`}
      empty="No Offer available"
      row={(offer) => (
        <PanelRow
          key={offer.customerOfferId}
          name={offer.offerName}
          detail={
            offer.expiresAt
              ? `Until ${formatShortDate(offer.expiresAt, shop.timeZone)}`
              : formatMoney(offer.offerPrice)
          }
          action={
            <RedeemLink
              to={`${MEMBERS_PATH}/redeem-offer-modal?memberId=${member.id}&customerOfferId=${offer.customerOfferId}`}
              label={`Redeem ${offer.offerName}`}
            />
          }
        />
      )}
    />
  );
}

/**
 * One history tab: page 1 from the detail payload, later pages fetched (`query`), the pager under
 * the table. While a page loads the table keeps its rows, dimmed; a failed page keeps the pager
 * so the member can go back.
 */
