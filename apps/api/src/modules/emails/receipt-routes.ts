import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { customerLocale } from "../../infra/mailer/i18n";
import { bearerSecurity, requireCustomer, requireShopMerchant } from "../../plugins/auth";
import { type Voice, voiceOf } from "./format";
import type { ShopSnapshot as ReceiptShop } from "./payloads";
import { receiptFileName, renderReceiptPdf } from "./pdf";
import { buildReceipt } from "./queue";
import * as repo from "./repo";

const tags = ["emails"];
const params = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe("The transaction"),
});
const NOT_FOUND = "Receipt not found.";

function sendPdf(reply: FastifyReply, pdf: { bytes: Buffer; name: string }) {
  return reply
    .type("application/pdf")
    .header("cache-control", "private, no-store")
    .header("content-disposition", `attachment; filename="${pdf.name}"`)
    .send(pdf.bytes);
}

/** Which transactions a caller may have receipts of, and in which language. */
type ReceiptAccess = {
  allowed: (t: { shopId: number; customerId: number | null }) => boolean;
  reader?: (shop: ReceiptShop) => Voice;
};

/** The two receipt downloads: each checks its caller, then sends the same PDF. */
const receiptDownloads: {
  url: string;
  summary: string;
  access: (request: FastifyRequest) => Promise<ReceiptAccess>;
}[] = [
  {
    url: "/api/v1/customer/transactions/:id/receipt",
    summary: "The PDF receipt of one of the signed-in customer's payments",
    access: async (request) => {
      const session = await requireCustomer(request);
      return {
        allowed: (t) => t.shopId === session.shopId && t.customerId === session.customer.id,
        // In the customer's language, as their e-mails; the team's copy stays English.
        reader: (shop) =>
          voiceOf(customerLocale(session.customer.locale, shop.defaultLocale), shop),
      };
    },
  },
  {
    url: "/api/v1/member/transactions/:id/receipt",
    summary: "The PDF receipt of a member's payment to the shop (owner and staff)",
    access: async (request) => {
      const session = await requireShopMerchant(request);
      return { allowed: (t) => t.shopId === session.shopId };
    },
  },
];

/**
 * PDF receipts: a customer's own payments, and the shop's payments for its owner and staff. A
 * transaction of another customer or shop answers 404, as one that does not exist; a declined
 * payment has no receipt.
 */
export const receiptRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  async function pdfOf(
    transactionId: number,
    { allowed, reader = (shop) => voiceOf("en", shop) }: ReceiptAccess,
  ) {
    const t = await repo.findTransaction(db, transactionId);
    if (!t || !allowed(t)) throw new AppError("NOT_FOUND", NOT_FOUND);
    const receipt = await buildReceipt(db, t);
    if (!receipt) throw new AppError("NOT_FOUND", NOT_FOUND);
    return {
      bytes: Buffer.from(await renderReceiptPdf(receipt, reader(receipt.shop))),
      name: receiptFileName(receipt),
    };
  }

  for (const download of receiptDownloads) {
    app.get(
      download.url,
      {
        schema: {
          tags,
          summary: download.summary,
          security: bearerSecurity,
          params,
          produces: ["application/pdf"],
        },
      },
      async (request, reply) => {
        const access = await download.access(request);
        return sendPdf(reply, await pdfOf(request.params.id, access));
      },
    );
  }
};
