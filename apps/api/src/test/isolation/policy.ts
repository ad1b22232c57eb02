import type { ActorName, VictimIds } from "./fixture";

/**
 * Who may call each route. A new route without an entry here fails the walk, so nobody can add
 * one without deciding who may use it.
 *
 * - public: anyone (sign-in, storefront reads, the sandbox provider's pages);
 * - provider: the payment provider's postback, with its Basic credentials only;
 * - session: any signed-in owner or staff member, with or without a shop yet;
 * - merchant: the owner and the active staff of the shop, on that shop's data only;
 * - owner: the shop's owner only;
 * - customer: the signed-in customer, on their own data only.
 */
export type Kind = "public" | "provider" | "session" | "merchant" | "owner" | "customer";

export const ROUTE_POLICY: Record<string, Kind> = {
  "GET /api/health": "public",
  "GET /api/ready": "public",
  "POST /api/v1/auth/sign-up": "public",
  "POST /api/v1/auth/sign-in": "public",
  "GET /api/v1/auth/verify-token": "public",
  "GET /api/v1/auth/verify-email": "public",
  "POST /api/v1/auth/forgot-password": "public",
  "POST /api/v1/auth/reset-password": "public",
  "POST /api/v1/auth/resend-verify-email": "public",
  "PUT /api/v1/auth/update-password": "session",
  // Ends the caller's own session, whoever it is; without one there is nothing to end.
  "POST /api/v1/auth/logout": "public",
  "GET /api/v1/auth/providers": "public",
  // Sign-in's second step: the challenge from a correct password is the credential.
  "POST /api/v1/auth/two-factor/verify": "public",
  "POST /api/v1/auth/two-factor/enrol/start": "public",
  "POST /api/v1/auth/two-factor/enrol/confirm": "public",
  // Any signed-in account (merchant or customer) lists and ends its own sessions only; another
  // account's session id is a 404 (auth/two-factor.test.ts).
  "GET /api/v1/auth/sessions": "public",
  "DELETE /api/v1/auth/sessions/:id": "public",
  "POST /api/v1/auth/sessions/sign-out-others": "public",
  "GET /api/v1/user/two-factor": "session",
  "POST /api/v1/user/two-factor/start": "session",
  "POST /api/v1/user/two-factor/confirm": "session",
  "POST /api/v1/user/two-factor/disable": "session",
  "POST /api/v1/user/two-factor/recovery-codes": "session",
  "GET /api/v1/shop/security": "owner",
  "PUT /api/v1/shop/security": "owner",
  // Signed unsubscribe links (issue 17): the signature is the credential, not a session.
  "GET /api/v1/emails/unsubscribe": "public",
  "POST /api/v1/emails/unsubscribe": "public",
  "GET /api/v1/customer/email-preferences/:id": "customer",
  "PUT /api/v1/customer/email-preferences/:id": "customer",
  "GET /api/v1/shop/email-settings": "owner",
  "PUT /api/v1/shop/email-settings": "owner",
  "GET /api/v1/user/email-notifications": "merchant",
  "PUT /api/v1/user/email-notifications": "merchant",
  "GET /api/v1/customer/transactions/:id/receipt": "customer",
  "GET /api/v1/member/transactions/:id/receipt": "merchant",
  "GET /api/v1/user/get-user": "session",
  "POST /api/v1/user/update-user": "session",
  "POST /api/v1/employees/set-password": "public",
  "POST /api/v1/customer/auth/sign-up": "public",
  "GET /api/v1/customer/auth/me": "customer",
  "POST /api/v1/customer/auth/sign-in": "public",
  "POST /api/v1/customer/auth/sign-in-code": "public",
  "POST /api/v1/customer/auth/sign-in-code/verify": "public",
  "POST /api/v1/customer/auth/set-password": "customer",
  "GET /api/v1/customer/auth/verify-pass-token": "public",
  "POST /api/v1/customer/auth/forgot-password/:email/:shopId": "public",
  "POST /api/v1/customer/auth/reset-password": "public",
  "GET /api/v1/shop/get-shop-by-Id": "public",
  "GET /api/v1/storefront": "public",
  "GET /api/v1/shop/get-shop-by-userId": "session",
  "POST /api/v1/shop/create-shop": "session",
  "PUT /api/v1/shop/update-shop": "owner",
  "POST /api/v1/memberships/create-membership": "merchant",
  "GET /api/v1/memberships/get-single-membership": "merchant",
  "GET /api/v1/memberships/get-all-memberships": "merchant",
  "PUT /api/v1/memberships/update-membership-by-id": "merchant",
  "DELETE /api/v1/memberships/delete-membership-by-id": "merchant",
  "GET /api/v1/customer/memberships/get-active-memberships": "public",
  "POST /api/v1/offers/create-offer": "merchant",
  "PUT /api/v1/offers/update-offer-by-id": "merchant",
  "GET /api/v1/offers/get-all-offers": "merchant",
  "GET /api/v1/offers/get-single-offer": "merchant",
  "DELETE /api/v1/offers/delete-offer-by-id": "merchant",
  "GET /api/v1/offers/stats": "merchant",
  "GET /api/v1/customer/offers/get-active-offers": "public",
  "GET /api/v1/notifications/get-all-notifications-by-merchantId": "merchant",
  "GET /api/v1/notifications/get-unread-notifications-by-merchantId": "merchant",
  "PUT /api/v1/notifications/update-notification-by-id-merchant": "merchant",
  "PUT /api/v1/notifications/read-all-notifications-by-merchantId": "merchant",
  "GET /api/v1/notifications/get-all-notifications-by-customerId/:id": "customer",
  "GET /api/v1/notifications/get-unread-notifications-by-customerId/:id": "customer",
  "PUT /api/v1/notifications/update-notification-by-id-customer/:id": "customer",
  "PUT /api/v1/notifications/read-all-notifications-by-customerId/:id": "customer",
  "POST /api/v1/fortis/elements/transaction/intention": "customer",
  "POST /api/v1/fortis/elements/transaction/complete": "customer",
  "POST /api/v1/fortis/membership/schedule": "customer",
  "POST /api/v1/fortis/membership/cancel": "customer",
  "PUT /api/v1/customer/memberships/cancel-customer-membership/:id": "customer",
  "POST /api/v1/customer/memberships/:id/pay-renewal": "customer",
  "POST /api/v1/memberships/cancel-customer-membership": "merchant",
  "POST /api/v1/customer/offers/purchase-offer/:id": "customer",
  "POST /api/v1/transactions/refund/:id": "owner",
  "GET /api/v1/fortis/onboarding": "merchant",
  "POST /api/v1/fortis/onboarding": "owner",
  "POST /api/v1/fortis/postback": "provider",
  "GET /api/v1/customer/profile/get-customer/:id": "customer",
  "GET /api/v1/customer/profile/get-customer-activity": "customer",
  "GET /api/v1/customer/redemptions/get-customer-redemptions/:id": "customer",
  "GET /api/v1/customer/memberships/get-active-memberships-by-customer/:id": "customer",
  "GET /api/v1/customer/offers/get-active-offers-by-customer/:id": "customer",
  "GET /api/v1/customer/transactions/get-customer-transactions/:shopId": "customer",
  "PUT /api/v1/customer/profile/update-customer-profile/:id": "customer",
  "PUT /api/v1/customer/profile/update-password/:id": "customer",
  "PUT /api/v1/customer/profile/language/:id": "customer",
  "POST /api/v1/customer/offers/redeem-offer/:id": "customer",
  "POST /api/v1/customer/redemptions/create-redemption/:id": "customer",
  "POST /api/v1/customer/redemptions/create-cashback-redemption/:id": "customer",
  "GET /api/v1/events": "customer",
  "GET /api/v1/customer/member-card/:id": "customer",
  "POST /api/v1/customer/member-card/rotate/:id": "customer",
  "POST /api/v1/member/find-by-card": "merchant",
  // Apple's pass web service: authenticated by each pass's own token, not by a session.
  "POST /api/v1/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber":
    "public",
  "DELETE /api/v1/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber":
    "public",
  "GET /api/v1/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier":
    "public",
  "GET /api/v1/wallet/apple/v1/passes/:passTypeIdentifier/:serialNumber": "public",
  "POST /api/v1/wallet/apple/v1/log": "public",
  "GET /api/v1/wallet/apple/download/:serialNumber": "public",
  "GET /api/v1/member/get-all-members": "merchant",
  "GET /api/v1/member/export-members": "merchant",
  // Member import (issue 18): the owner only, staff refused.
  "POST /api/v1/member/imports": "owner",
  "GET /api/v1/member/imports/:id": "owner",
  "POST /api/v1/member/imports/:id/dry-run": "owner",
  "GET /api/v1/member/imports/:id/rows": "owner",
  "POST /api/v1/member/imports/:id/start": "owner",
  "GET /api/v1/member/get-single-member/:id": "merchant",
  "GET /api/v1/member/get-member-transactions/:id": "merchant",
  "POST /api/v1/member/create-member": "merchant",
  "POST /api/v1/member/set-payment": "merchant",
  "PUT /api/v1/member/update-member": "merchant",
  "PUT /api/v1/member/update-membership": "merchant",
  "POST /api/v1/member/delete-membership": "merchant",
  "PUT /api/v1/member/update-member-status/:id": "merchant",
  "DELETE /api/v1/member/delete-member/:id": "merchant",
  "POST /api/v1/member/purchase-offer/:id": "merchant",
  "POST /api/v1/member/payments/complete": "merchant",
  "POST /api/v1/merchant-redemptions/create-redemption": "merchant",
  "POST /api/v1/merchant-redemptions/create-cashback-redemption": "merchant",
  "POST /api/v1/merchant-redemptions/redeem-offer": "merchant",
  "GET /api/v1/merchant-redemptions/get-customer-redemptions": "merchant",
  "POST /api/v1/employees/create-employee": "owner",
  "GET /api/v1/employees/get-employees-by-merchant-id": "owner",
  "GET /api/v1/employees/get-employee-by-id/:id": "owner",
  "PUT /api/v1/employees/update-employee/:id": "owner",
  "DELETE /api/v1/employees/delete-employee-by-id/:id": "owner",
  "PUT /api/v1/employees/disable-employee/:id": "owner",
  "PUT /api/v1/employees/update-employee-status/:id": "owner",
  "POST /api/v1/employees/resend-invitation/:id": "owner",
  "GET /api/v1/shop/dashboard-stats": "merchant",
  "GET /api/v1/offers/get-all-offers-dashboard": "merchant",
  "GET /api/v1/reports/get-transaction-report": "merchant",
  "GET /api/v1/reports/get-redemption-report": "merchant",
  "GET /api/v1/reports/export-transaction-report": "merchant",
  "GET /api/v1/reports/export-redemption-report": "merchant",
  "GET /api/v1/audit-log": "owner",
  "GET /api/v1/audit-log/export": "owner",
  "GET /api/v1/analytics/subscriptions": "merchant",
  "GET /api/v1/analytics/cohorts": "merchant",
  "GET /api/v1/analytics/lifetime-value": "merchant",
  "GET /api/v1/analytics/benefits": "merchant",
  "GET /api/v1/analytics/offers": "merchant",
  "GET /api/v1/sandbox/checkout": "public",
  "GET /api/v1/sandbox/checkout.js": "public",
  "POST /api/v1/sandbox/checkout/pay": "public",
  "GET /api/v1/sandbox/onboarding": "public",
  "POST /api/v1/sandbox/onboarding/approve": "public",
  "GET /api/dev/mailbox": "public",
  "GET /api/v1/integrations/api-keys": "owner",
  "POST /api/v1/integrations/api-keys": "owner",
  "DELETE /api/v1/integrations/api-keys/:id": "owner",
  "GET /api/v1/customer/privacy/export/:id": "customer",
  "POST /api/v1/customer/privacy/erase/:id": "customer",
  "GET /api/v1/privacy/members/:id/export": "owner",
  "POST /api/v1/privacy/members/:id/erase": "owner",
  "GET /api/v1/integrations/webhooks": "owner",
  "POST /api/v1/integrations/webhooks": "owner",
  "PATCH /api/v1/integrations/webhooks/:id": "owner",
  "DELETE /api/v1/integrations/webhooks/:id": "owner",
  "GET /api/v1/integrations/webhooks/:id/secret": "owner",
  "POST /api/v1/integrations/webhooks/:id/rotate-secret": "owner",
  "POST /api/v1/integrations/webhooks/:id/test": "owner",
  "GET /api/v1/integrations/webhooks/:id/deliveries": "owner",
  "POST /api/v1/integrations/webhooks/:id/deliveries/:deliveryId/resend": "owner",
};

/**
 * The wrong actors per kind. "Strict" ones must be refused outright (401, 403 or 404); the
 * others belong to another tenant, so a route may serve them their own data (a 2xx) as long as
 * nothing of the victim's shows and nothing of it changes.
 */
export const WRONG_ACTORS: Record<Kind, { strict: ActorName[]; tenant: ActorName[] }> = {
  public: { strict: [], tenant: [] },
  provider: { strict: ["none", "ownerA", "customerA1"], tenant: [] },
  session: {
    strict: ["none", "loggedOutOwner", "disabledStaff", "customerA1", "revokedKeyA"],
    tenant: ["keyB"],
  },
  merchant: {
    strict: ["none", "loggedOutOwner", "disabledStaff", "customerA1", "revokedKeyA"],
    tenant: ["ownerB", "staffB", "keyB"],
  },
  owner: {
    strict: ["none", "loggedOutOwner", "disabledStaff", "customerA1", "staffA", "revokedKeyA"],
    tenant: ["ownerB", "staffB", "keyB"],
  },
  customer: {
    strict: ["none", "loggedOutCustomer", "disabledStaff", "ownerA", "readKeyA", "revokedKeyA"],
    tenant: ["ownerB", "staffB", "customerB", "customerA2", "keyB"],
  },
};

/** Who rightfully reads each kind, for the walk's check that its fixture is reachable. */
export const RIGHTFUL: Partial<Record<Kind, ActorName>> = {
  session: "ownerA",
  merchant: "staffA",
  owner: "ownerA",
  customer: "customerA1",
};

/** Fields that name the same kind of the victim's objects on every route. */
const ID_OF_FIELD: Partial<Record<string, keyof VictimIds>> = {
  shopId: "shopId",
  customerId: "customerId",
  memberId: "customerId",
  userId: "customerId",
  benefitId: "benefitId",
  offerId: "offerId",
  customerOfferId: "customerOfferId",
  checkoutId: "checkoutId",
  deliveryId: "webhookDeliveryId",
  activeMembershipId: "customerMembershipId",
};

/** The victim's object a named field of a route points at. */
export function victimId(
  ids: VictimIds,
  url: string,
  field: string,
  where: "path" | "query" | "body",
): number | string | undefined {
  const key = ID_OF_FIELD[field];
  if (key) return ids[key];
  switch (field) {
    case "membershipId":
      return /cancel|delete-membership/.test(url) ? ids.customerMembershipId : ids.tierId;
    case "id":
      if (url.includes("/employees/")) return ids.staffId;
      if (url.includes("/integrations/api-keys")) return ids.apiKeyId;
      if (url.includes("/integrations/webhooks")) return ids.webhookEndpointId;
      if (url.includes("/member/imports/")) return ids.memberImportId;
      if (url.includes("/transactions/refund")) return ids.transactionId;
      if (url.endsWith("/receipt")) return ids.transactionId;
      if (url.endsWith("/pay-renewal")) return ids.customerMembershipId;
      if (url.includes("update-notification-by-id-merchant")) return ids.merchantNotificationId;
      if (url.includes("update-notification-by-id-customer") && where === "query") {
        return ids.customerNotificationId;
      }
      if (url.startsWith("/api/v1/memberships/") && where !== "path") return ids.tierId;
      if (url.startsWith("/api/v1/offers/") && where !== "path") return ids.offerId;
      return ids.customerId;
    default:
      return undefined;
  }
}
