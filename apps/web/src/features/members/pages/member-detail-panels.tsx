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
    <Panel
      title="Redeem Benefit"
      icon={<Gift />}
      seeAll={member.benefits.length > PANEL_ITEMS ? path : undefined}
    >
      {member.benefits.length === 0 ? (
        <p className="py-4 text-center text-fg-muted text-sm">No benefits available</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {member.benefits.slice(0, PANEL_ITEMS).map((benefit) => (
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
                  <Link
                    to={`${path}?benefitId=${benefit.id}`}
                    className={buttonClassName({ size: "sm", className: "no-underline" })}
                    aria-label={`Redeem ${benefit.name}`}
                  >
                    Redeem
                  </Link>
                )
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function CashbackPanel({ member }: { member: MemberDetail }) {
  const usable = member.status !== "disabled";
  return (
    <Panel title="Cashback wallet" icon={<Wallet />}>
      {member.cashbackBalance <= 0 ? (
        <p className="py-4 text-center text-fg-muted text-sm">No cashback available</p>
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
    <Panel
      title="Redeem Offer"
      icon={<Tag />}
      seeAll={
        member.offers.length > PANEL_ITEMS
          ? `${memberDetailPath(member.id)}/redeem-offers`
          : undefined
      }
    >
      {member.offers.length === 0 ? (
        <p className="py-4 text-center text-fg-muted text-sm">No Offer available</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {member.offers.slice(0, PANEL_ITEMS).map((offer) => (
            <PanelRow
              key={offer.customerOfferId}
              name={offer.offerName}
              detail={
                offer.expiresAt
                  ? `Until ${formatShortDate(offer.expiresAt, shop.timeZone)}`
                  : formatMoney(offer.offerPrice)
              }
              action={
                <Link
                  to={`${MEMBERS_PATH}/redeem-offer-modal?memberId=${member.id}&customerOfferId=${offer.customerOfferId}`}
                  className={buttonClassName({ size: "sm", className: "no-underline" })}
                  aria-label={`Redeem ${offer.offerName}`}
                >
                  Redeem
                </Link>
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * One history tab: page 1 from the detail payload, later pages fetched (`query`), the pager under
 * the table. While a page loads the table keeps its rows, dimmed; a failed page keeps the pager
 * so the member can go back.
 */
