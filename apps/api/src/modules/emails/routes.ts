import { merchantEmailPreferencesSchema, reminderLeadDaysSchema } from "@tessera/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import {
  bearerSecurity,
  requireCustomer,
  requireOwner,
  requireShopMerchant,
} from "../../plugins/auth";
import {
  customerReminders,
  merchantPreferences,
  setCustomerReminders,
  setMerchantPreferences,
  setShopLeadDays,
  shopLeadDays,
} from "./preferences";
import { receiptRoutes } from "./receipt-routes";
import * as repo from "./repo";
import type { UnsubscribeSigner } from "./unsubscribe";
import { confirmPage, donePage, REFUSED_TEXT, refusedPage } from "./unsubscribe-page";

const tags = ["emails"];

const unsubscribeQuery = z.object({
  c: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .describe("The customer (reminders) or the team member (digest)"),
  k: z.string().max(20).describe("What to turn off: reminders or digest"),
  s: z.string().max(100).describe("The link's signature"),
});

const customerParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The id in the path is a claim: another customer's answers 404, as elsewhere. */
async function ownCustomer(request: FastifyRequest, id: number) {
  const session = await requireCustomer(request);
  if (session.customer.id !== id) throw new AppError("NOT_FOUND", "Customer not found.");
  return session;
}

const remindersSchema = z.object({ reminders: z.boolean() });
const leadDaysSchema = reminderLeadDaysSchema;

/**
 * The signed unsubscribe link (GET shows a confirmation with one button, so a mail scanner that
 * opens links turns nothing off; POST turns it off, which is also the one-click request of
 * RFC 8058), the customer's own e-mail preferences, and the owner's reminder lead times.
 */
export const emailRoutes: FastifyPluginAsyncZod<{
  db: Database;
  unsubscribe: UnsubscribeSigner;
}> = async (app, { db, unsubscribe }) => {
  // One-click requests come as a form post ("List-Unsubscribe=One-Click"); its body is not needed.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  /** The link's recipient and what it turns off, or null when its signature does not hold. */
  async function checkLink(query: z.infer<typeof unsubscribeQuery>) {
    if (!unsubscribe.verify(query.c, query.k, query.s)) return null;
    if (query.k === "digest") {
      const member = await repo.findDigestChoice(db, query.c);
      if (!member) return null;
      return {
        kind: "digest" as const,
        off: () => setMerchantPreferences(db, member.userId, member.shopId, { digest: "none" }),
        shopName: member.shopName,
      };
    }
    const customer = await repo.findCustomerById(db, query.c);
    if (!customer) return null;
    const found = await repo.findShopWithOwner(db, customer.shopId);
    if (!found) return null;
    return {
      kind: "reminders" as const,
      off: () => setCustomerReminders(db, customer.shopId, customer.id, false),
      shopName: found.shop.name,
      locale: customer.locale,
      shopLocale: found.shop.defaultLocale,
    };
  }

  // A browser opening the link gets a page; anything else (a mail provider's one-click request,
  // a script) the API's usual JSON error.
  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    /text\/html/.test(String(request.headers.accept ?? ""))
      ? reply.code(400).send(refusedPage(request.headers["accept-language"]))
      : reply.code(400).type("application/json").send({ message: REFUSED_TEXT });

  app.get(
    "/api/v1/emails/unsubscribe",
    {
      schema: {
        tags,
        summary: "The unsubscribe link of a reminder or digest e-mail: asks to confirm",
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      const found = await checkLink(request.query);
      if (!found) return refuse(request, reply);
      return confirmPage(found);
    },
  );

  app.post(
    "/api/v1/emails/unsubscribe",
    {
      schema: {
        tags,
        summary:
          "Turns a customer's reminders or a team member's digest off (signed link, one-click RFC 8058)",
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      const found = await checkLink(request.query);
      if (!found) return refuse(request, reply);
      await found.off();
      return donePage(found);
    },
  );

  await app.register(preferenceRoutes, { db });
  await app.register(receiptRoutes, { db });
};

/** The customer's own e-mail preferences and the owner's reminder lead times. */
const preferenceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/v1/customer/email-preferences/:id",
    {
      schema: {
        tags,
        summary: "The signed-in customer's optional e-mails",
        security: bearerSecurity,
        params: customerParams,
        response: { 200: remindersSchema },
      },
    },
    async (request) => {
      const session = await ownCustomer(request, request.params.id);
      return { reminders: await customerReminders(db, session.shopId, session.customer.id) };
    },
  );

  app.put(
    "/api/v1/customer/email-preferences/:id",
    {
      schema: {
        tags,
        summary: "Turns the signed-in customer's reminder e-mails on or off",
        security: bearerSecurity,
        params: customerParams,
        body: remindersSchema,
        response: { 200: remindersSchema },
      },
    },
    async (request) => {
      const session = await ownCustomer(request, request.params.id);
      await setCustomerReminders(db, session.shopId, session.customer.id, request.body.reminders);
      return { reminders: request.body.reminders };
    },
  );

  app.get(
    "/api/v1/shop/email-settings",
    {
      schema: {
        tags,
        summary: "How many days before a renewal members are reminded (owner)",
        security: bearerSecurity,
        response: { 200: leadDaysSchema },
      },
    },
    async (request) => shopLeadDays(db, (await requireOwner(request)).shopId),
  );

  app.put(
    "/api/v1/shop/email-settings",
    {
      schema: {
        tags,
        summary: "Sets the renewal reminders' lead times (owner)",
        security: bearerSecurity,
        body: leadDaysSchema,
        response: { 200: leadDaysSchema },
      },
    },
    async (request) => {
      const { shopId } = await requireOwner(request);
      await setShopLeadDays(db, shopId, request.body);
      return shopLeadDays(db, shopId);
    },
  );

  app.get(
    "/api/v1/user/email-notifications",
    {
      schema: {
        tags,
        summary: "The e-mails the signed-in owner or staff member gets about the shop",
        security: bearerSecurity,
        response: { 200: merchantEmailPreferencesSchema },
      },
    },
    async (request) => {
      const session = await requireShopMerchant(request);
      return merchantPreferences(db, session.user.id, session.shopId);
    },
  );

  app.put(
    "/api/v1/user/email-notifications",
    {
      schema: {
        tags,
        summary: "Chooses instant e-mails (new member, failed payment, refund) and the digest",
        security: bearerSecurity,
        body: merchantEmailPreferencesSchema,
        response: { 200: merchantEmailPreferencesSchema },
      },
    },
    async (request) => {
      const session = await requireShopMerchant(request);
      await setMerchantPreferences(db, session.user.id, session.shopId, request.body);
      return merchantPreferences(db, session.user.id, session.shopId);
    },
  );
};
