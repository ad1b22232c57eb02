import {
  MAX_ID,
  notificationIdQuerySchema,
  notificationListResponseSchema,
  notificationsReadAllResponseSchema,
  notificationUpdateResponseSchema,
  paginationQuerySchema,
} from "@tessera/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors";
import { bearerSecurity, requireCustomer, requireShopMerchant } from "../../plugins/auth";
import type { Inbox, NotificationsService } from "./service";

const tags = ["notifications"];
const customerParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** Spec §7 Notifications: the merchant's calls and the customer's `{id}` calls. */
export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, opts) => {
  const { notifications } = opts;

  const merchantInbox = async (request: Parameters<typeof requireShopMerchant>[0]) => {
    const session = await requireShopMerchant(request);
    return { shopId: session.shopId, userId: session.user.id } satisfies Inbox;
  };
  /** The `{id}` in a customer path must be the caller: anyone else's answers 404. */
  const customerInbox = async (request: Parameters<typeof requireCustomer>[0], id: number) => {
    const session = await requireCustomer(request);
    if (session.customer.id !== id) throw new AppError("NOT_FOUND", "Customer not found.");
    return { shopId: session.shopId, customerId: session.customer.id } satisfies Inbox;
  };

  const list = { 200: notificationListResponseSchema };

  app.get(
    "/api/v1/notifications/get-all-notifications-by-merchantId",
    {
      schema: {
        tags,
        summary: "The signed-in merchant user's notifications, newest first",
        security: bearerSecurity,
        querystring: paginationQuerySchema,
        response: list,
      },
    },
    async (request) => notifications.list(await merchantInbox(request), request.query),
  );

  app.get(
    "/api/v1/notifications/get-unread-notifications-by-merchantId",
    {
      schema: {
        tags,
        summary: "The merchant user's unread notifications",
        security: bearerSecurity,
        querystring: paginationQuerySchema,
        response: list,
      },
    },
    async (request) =>
      notifications.list(await merchantInbox(request), request.query, { unreadOnly: true }),
  );

  app.put(
    "/api/v1/notifications/update-notification-by-id-merchant",
    {
      schema: {
        tags,
        summary: "Mark one of the merchant user's notifications read",
        security: bearerSecurity,
        querystring: notificationIdQuerySchema,
        response: { 200: notificationUpdateResponseSchema },
      },
    },
    async (request) => notifications.markRead(await merchantInbox(request), request.query.id),
  );

  app.put(
    "/api/v1/notifications/read-all-notifications-by-merchantId",
    {
      schema: {
        tags,
        summary: "Mark all of the merchant user's notifications read",
        security: bearerSecurity,
        response: { 200: notificationsReadAllResponseSchema },
      },
    },
    async (request) => notifications.markAllRead(await merchantInbox(request)),
  );

  app.get(
    "/api/v1/notifications/get-all-notifications-by-customerId/:id",
    {
      schema: {
        tags,
        summary: "The customer's notifications ({id}: the customer), newest first",
        security: bearerSecurity,
        params: customerParams,
        querystring: paginationQuerySchema,
        response: list,
      },
    },
    async (request) =>
      notifications.list(await customerInbox(request, request.params.id), request.query),
  );

  app.get(
    "/api/v1/notifications/get-unread-notifications-by-customerId/:id",
    {
      schema: {
        tags,
        summary: "The customer's unread notifications",
        security: bearerSecurity,
        params: customerParams,
        querystring: paginationQuerySchema,
        response: list,
      },
    },
    async (request) =>
      notifications.list(await customerInbox(request, request.params.id), request.query, {
        unreadOnly: true,
      }),
  );

  app.put(
    "/api/v1/notifications/update-notification-by-id-customer/:id",
    {
      schema: {
        tags,
        summary: "Mark one of the customer's notifications read ({id}: the customer, ?id: it)",
        security: bearerSecurity,
        params: customerParams,
        querystring: notificationIdQuerySchema,
        response: { 200: notificationUpdateResponseSchema },
      },
    },
    async (request) =>
      notifications.markRead(await customerInbox(request, request.params.id), request.query.id),
  );

  app.put(
    "/api/v1/notifications/read-all-notifications-by-customerId/:id",
    {
      schema: {
        tags,
        summary: "Mark all of the customer's notifications read",
        security: bearerSecurity,
        params: customerParams,
        response: { 200: notificationsReadAllResponseSchema },
      },
    },
    async (request) => notifications.markAllRead(await customerInbox(request, request.params.id)),
  );
};
