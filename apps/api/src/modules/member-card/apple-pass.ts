import { formatMemberCode, type MemberCard } from "@tessera/shared";
import { loadPassKit, loadSharp } from "../../infra/lazy-packages";

export type AppleSigning = {
  passTypeId: string;
  teamId: string;
  signerCert: Buffer;
  signerKey: Buffer;
  signerKeyPassphrase: string | undefined;
  wwdr: Buffer;
};

export type PassShop = {
  name: string;
  primaryColor: string;
  secondaryColor: string;
};

function rgb(hex: string): string {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

/** White or near-black text, whichever reads better on the shop's colour (WCAG luminance). */
function textOn(hex: string): string {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l =
    0.2126 * channel((value >> 16) & 255) +
    0.7152 * channel((value >> 8) & 255) +
    0.0722 * channel(value & 255);
  return l > 0.4 ? "rgb(17, 24, 39)" : "rgb(255, 255, 255)";
}

/** The pass's images: the shop's logo when it has one, else a tile of its colour. */
async function passImages(shop: PassShop, logo: Buffer | null): Promise<Record<string, Buffer>> {
  const sharp = await loadSharp();
  const base = logo
    ? sharp(logo).flatten({ background: shop.primaryColor })
    : sharp({ create: { width: 90, height: 90, channels: 3, background: shop.primaryColor } });
  const source = await base.png().toBuffer();
  const square = (size: number) =>
    sharp(source).resize(size, size, { fit: "cover" }).png().toBuffer();
  const [icon, icon2x, icon3x, logo1x, logo2x] = await Promise.all([
    square(29),
    square(58),
    square(87),
    square(50),
    square(100),
  ]);
  return {
    "icon.png": icon,
    "icon@2x.png": icon2x,
    "icon@3x.png": icon3x,
    "logo.png": logo1x,
    "logo@2x.png": logo2x,
  };
}

/**
 * The member card as an Apple Wallet store card: the shop's colours and logo, the member's
 * name, tier and cashback balance, and the same QR code as the card page. Signed (a detached
 * PKCS#7 over manifest.json) with the pass type certificate; the phone refreshes it through
 * the pass web service at `webServiceURL` with `authenticationToken`.
 */
export async function buildApplePass(input: {
  signing: AppleSigning;
  shop: PassShop;
  logo: Buffer | null;
  card: MemberCard;
  serialNumber: string;
  authenticationToken: string;
  webServiceUrl: string;
}): Promise<Buffer> {
  const { signing, shop, card } = input;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: signing.passTypeId,
    teamIdentifier: signing.teamId,
    serialNumber: input.serialNumber,
    authenticationToken: input.authenticationToken,
    webServiceURL: input.webServiceUrl,
    organizationName: shop.name,
    description: `${shop.name} member card`,
    logoText: shop.name,
    backgroundColor: rgb(shop.primaryColor),
    foregroundColor: textOn(shop.primaryColor),
    labelColor: textOn(shop.primaryColor),
    sharingProhibited: true,
    storeCard: {
      headerFields: [
        {
          key: "balance",
          label: "CASHBACK",
          value: card.cashbackBalance,
          currencyCode: "USD",
          changeMessage: "Your cashback balance is now %@",
        },
      ],
      primaryFields: [{ key: "member", label: "MEMBER", value: card.memberName }],
      secondaryFields: [
        {
          key: "tier",
          label: "MEMBERSHIP",
          value: card.tier ?? "No membership yet",
          changeMessage: "Your membership is now %@",
        },
      ],
      backFields: [
        { key: "code", label: "Card code", value: formatMemberCode(card.code) },
        { key: "storefront", label: "Shop", value: card.url.split("?")[0] ?? card.url },
      ],
    },
    barcodes: [
      {
        format: "PKBarcodeFormatQR",
        message: card.url,
        messageEncoding: "iso-8859-1",
        altText: formatMemberCode(card.code),
      },
    ],
  };
  const { PKPass } = await loadPassKit();
  const pass = new PKPass(
    {
      "pass.json": Buffer.from(JSON.stringify(passJson)),
      ...(await passImages(shop, input.logo)),
    },
    {
      wwdr: signing.wwdr,
      signerCert: signing.signerCert,
      signerKey: signing.signerKey,
      ...(signing.signerKeyPassphrase ? { signerKeyPassphrase: signing.signerKeyPassphrase } : {}),
    },
  );
  return pass.getAsBuffer();
}
