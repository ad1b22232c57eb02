import {
  MAX_ID,
  notificationIdQuerySchema,
  notificationListResponseSchema,
  notificationsReadAllResponseSchema,
  notificationUpdateResponseSchema,
  paginationQuerySchema,
} from "@tessera/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { bearerSecurity, requireCustomer, requireShopMerchant } from "../../plugins/auth";
import type { Inbox, NotificationsService } from "./service";

const tags = ["notifications"];
const customerParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/**
 * One side of the inbox: the merchant user's, or the customer's (whose `{id}` is in the path).
 * Both have the same four calls; they differ in their URLs, words and whose inbox `inbox` opens.
 */
type Side = {
  urls: { all: string; unread: string; readOne: string; readAll: string };
  summaries: { all: string; unread: string; readOne: string; readAll: string };
  params?: typeof customerParams;
  inbox(request: FastifyRequest): Promise<Inbox>;
};

const merchantSide: Side = {
  urls: {
    all: "/api/v1/notifications/get-all-notifications-by-merchantId",
    unread: "/api/v1/notifications/get-unread-notifications-by-merchantId",
    readOne: "/api/v1/notifications/update-notification-by-id-merchant",
    readAll: "/api/v1/notifications/read-all-notifications-by-merchantId",
  },
  summaries: {
    all: "The signed-in merchant user's notifications, newest first",
    unread: "The merchant user's unread notifications",
    readOne: "Mark one of the merchant user's notifications read",
    readAll: "Mark all of the merchant user's notifications read",
  },
  async inbox(request) {
    const session = await requireShopMerchant(request);
    return { shopId: session.shopId, userId: session.user.id };
  },
};

const customerSide: Side = {
  urls: {
    all: "/api/v1/notifications/get-all-notifications-by-customerId/:id",
    unread: "/api/v1/notifications/get-unread-notifications-by-customerId/:id",
    readOne: "/api/v1/notifications/update-notification-by-id-customer/:id",
    readAll: "/api/v1/notifications/read-all-notifications-by-customerId/:id",
  },
  summaries: {
    all: "The customer's notifications ({id}: the customer), newest first",
    unread: "The customer's unread notifications",
    readOne: "Mark one of the customer's notifications read ({id}: the customer, ?id: it)",
    readAll: "Mark all of the customer's notifications read",
  },
  params: customerParams,
  /** The `{id}` in a customer path must be the caller: anyone else's answers 404. */
  async inbox(request) {
    const session = await requireCustomer(request);
    // The route's schema has validated the path; only its type is lost in the table.
    const { id } = request.params as z.infer<typeof customerParams>;
    if (session.customer.id !== id) throw new AppError("NOT_FOUND", "Customer not found.");
    return { shopId: session.shopId, customerId: session.customer.id };
  },
};

/** Spec §7 Notifications: the merchant's calls and the customer's `{id}` calls. */
export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, opts) => {
  const { notifications } = opts;

  for (const { urls, summaries, params, inbox } of [merchantSide, customerSide]) {
    const schema = { tags, security: bearerSecurity, ...(params ? { params } : {}) };

    app.get(
      urls.all,
      {
        schema: {
          ...schema,
          summary: summaries.all,
          querystring: paginationQuerySchema,
          response: { 200: notificationListResponseSchema },
        },
      },
      async (request) => notifications.list(await inbox(request), request.query),
    );

    app.get(
      urls.unread,
      {
        schema: {
          ...schema,
          summary: summaries.unread,
          querystring: paginationQuerySchema,
          response: { 200: notificationListResponseSchema },
        },
      },
      async (request) =>
        notifications.list(await inbox(request), request.query, { unreadOnly: true }),
    );

    app.put(
      urls.readOne,
      {
        schema: {
          ...schema,
          summary: summaries.readOne,
          querystring: notificationIdQuerySchema,
          response: { 200: notificationUpdateResponseSchema },
        },
      },
      async (request) => notifications.markRead(await inbox(request), request.query.id),
    );

    app.put(
      urls.readAll,
      {
        schema: {
          ...schema,
          summary: summaries.readAll,
          response: { 200: notificationsReadAllResponseSchema },
        },
      },
      async (request) => notifications.markAllRead(await inbox(request)),
    );
  }
};
