import { merchantEmailPreferencesSchema, reminderLeadDaysSchema } from "@tessera/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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

type Schema = z.ZodTypeAny;

/**
 * One setting, read with GET and written with PUT at one URL (PUT answers the setting as it is
 * after the change). `who` checks the caller and names whose setting it is.
 */
function settingRoutes<S extends Schema, Who>(
  app: Pick<FastifyInstance, "route">,
  setting: {
    url: string;
    schema: S;
    params?: Schema;
    who(request: FastifyRequest): Promise<Who>;
    read: { summary: string; run(who: Who): Promise<z.infer<S>> };
    write: { summary: string; run(who: Who, value: z.infer<S>): Promise<z.infer<S>> };
  },
) {
  const { url, schema, params, who, read, write } = setting;
  const frame = { tags, security: bearerSecurity, ...(params ? { params } : {}) };
  // Typed plainly for the routes: `read` and `write` were checked against it where written.
  const value: Schema = schema;
  app.route({
    method: "GET",
    url,
    schema: { ...frame, summary: read.summary, response: { 200: value } },
    handler: async (request) => read.run(await who(request)),
  });
  app.route({
    method: "PUT",
    url,
    schema: { ...frame, summary: write.summary, body: value, response: { 200: value } },
    // The schema above has validated the body; only its type is lost here.
    handler: async (request) => write.run(await who(request), request.body as z.infer<S>),
  });
}

/** The customer's own e-mail preferences and the owner's reminder lead times. */
const preferenceRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  settingRoutes(app, {
    url: "/api/v1/customer/email-preferences/:id",
    schema: remindersSchema,
    params: customerParams,
    // The id in the path is a claim: another customer's answers 404, as elsewhere.
    async who(request) {
      const session = await requireCustomer(request);
      // The route's schema has validated the path; only its type is lost here.
      const { id } = request.params as z.infer<typeof customerParams>;
      if (session.customer.id !== id) throw new AppError("NOT_FOUND", "Customer not found.");
      return { shopId: session.shopId, customerId: id };
    },
    read: {
      summary: "The signed-in customer's optional e-mails",
      run: async (c) => ({ reminders: await customerReminders(db, c.shopId, c.customerId) }),
    },
    write: {
      summary: "Turns the signed-in customer's reminder e-mails on or off",
      async run(c, { reminders }) {
        await setCustomerReminders(db, c.shopId, c.customerId, reminders);
        return { reminders };
      },
    },
  });

  settingRoutes(app, {
    url: "/api/v1/shop/email-settings",
    schema: leadDaysSchema,
    who: async (request) => (await requireOwner(request)).shopId,
    read: {
      summary: "How many days before a renewal members are reminded (owner)",
      run: (shopId) => shopLeadDays(db, shopId),
    },
    write: {
      summary: "Sets the renewal reminders' lead times (owner)",
      async run(shopId, days) {
        await setShopLeadDays(db, shopId, days);
        return shopLeadDays(db, shopId);
      },
    },
  });

  settingRoutes(app, {
    url: "/api/v1/user/email-notifications",
    schema: merchantEmailPreferencesSchema,
    async who(request) {
      const session = await requireShopMerchant(request);
      return { userId: session.user.id, shopId: session.shopId };
    },
    read: {
      summary: "The e-mails the signed-in owner or staff member gets about the shop",
      run: (m) => merchantPreferences(db, m.userId, m.shopId),
    },
    write: {
      summary: "Chooses instant e-mails (new member, failed payment, refund) and the digest",
      async run(m, choice) {
        await setMerchantPreferences(db, m.userId, m.shopId, choice);
        return merchantPreferences(db, m.userId, m.shopId);
      },
    },
  });
};
