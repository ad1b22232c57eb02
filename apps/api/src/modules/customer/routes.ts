import { customerDashboardResponseSchema } from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { bearerSecurity, requireCustomer } from "../../plugins/auth";
import { toCustomerDto } from "../auth/dto";
import type { PaymentsService } from "../payments/service";

const tags = ["customer"];

/** The signed-in customer's own data (spec §7 "Customer data"). */
export const customerRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  fontStyleOf: (shopId: number) => Promise<string>;
}> = async (app, opts) => {
  app.get(
    "/api/v1/customer/profile/get-customer/:id",
    {
      schema: {
        tags,
        summary: "The customer dashboard: profile, membership, next renewal, balance, offers",
        security: bearerSecurity,
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: customerDashboardResponseSchema },
      },
    },
    async (request) => {
      const session = await requireCustomer(request);
      if (request.params.id !== session.customer.id) {
        throw new AppError("NOT_FOUND", "Customer not found.");
      }
      const { shopId, customer } = session;
      const [wallet, activeOffers, fontStyle] = await Promise.all([
        opts.payments.getWallet(shopId, customer.id),
        opts.payments.listActiveOffers(shopId, customer.id),
        opts.fontStyleOf(shopId),
      ]);
      return {
        customer: toCustomerDto(customer),
        ...wallet,
        activeOffers,
        fontStyle,
      };
    },
  );
};
