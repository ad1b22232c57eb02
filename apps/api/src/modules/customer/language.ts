import { CUSTOMER_MESSAGES, customerIdParamsSchema, customerLocaleSchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { bearerSecurity, requireCustomer } from "../../plugins/auth";
import { setCustomerLocale } from "./repo";

/**
 * The customer's language: chosen from the language menu while signed in, and the language of
 * their e-mails. As every `/customer/…/{id}` route, another customer's id answers 404.
 */
export const customerLanguageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (
  app,
  { db },
) => {
  app.put(
    "/api/v1/customer/profile/language/:id",
    {
      schema: {
        tags: ["customer"],
        summary: "Sets the customer's language: the pages' and their e-mails'",
        security: bearerSecurity,
        params: customerIdParamsSchema,
        body: customerLocaleSchema,
        response: { 200: customerLocaleSchema },
      },
    },
    async (request) => {
      const { shopId, customer } = await requireCustomer(request);
      if (customer.id !== request.params.id) {
        throw new AppError("NOT_FOUND", CUSTOMER_MESSAGES.customerNotFound);
      }
      await setCustomerLocale(db, shopId, customer.id, request.body.locale);
      return { locale: request.body.locale };
    },
  );
};
