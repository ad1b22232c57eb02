import { z } from "zod";
import {
  CUSTOMER_MEMBERSHIP_STATUSES,
  DASHBOARD_PERIODS,
  FONT_STYLES,
  INDUSTRIES,
  MEMBER_STATUSES,
  MEMBERSHIP_STATUSES,
  OFFER_STATUSES,
  OFFER_TABS,
  PAYMENT_TYPES,
  PERIODS,
  REDEMPTION_TYPES,
  RENEWALS,
  REPORT_PAYMENT_FILTERS,
  REPORT_PERIODS,
  STAFF_STATUSES,
  THEMES,
  TRANSACTION_STATUSES,
} from "../options.ts";

/** zod enums for the option lists in `options.ts` (query parameters and response fields). */
export const industrySchema = z.enum(INDUSTRIES);
export const fontStyleSchema = z.enum(FONT_STYLES);
export const dashboardPeriodSchema = z.enum(DASHBOARD_PERIODS);
export const reportPeriodSchema = z.enum(REPORT_PERIODS);
/** Either screen's period names (`lastYear` and `1year` both mean the last 12 months). */
export const periodSchema = z.enum(PERIODS);
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export const reportPaymentFilterSchema = z.enum(REPORT_PAYMENT_FILTERS);
export const renewalSchema = z.enum(RENEWALS);
export const membershipStatusSchema = z.enum(MEMBERSHIP_STATUSES);
export const customerMembershipStatusSchema = z.enum(CUSTOMER_MEMBERSHIP_STATUSES);
export const memberStatusSchema = z.enum(MEMBER_STATUSES);
export const staffStatusSchema = z.enum(STAFF_STATUSES);
export const offerStatusSchema = z.enum(OFFER_STATUSES);
export const offerTabSchema = z.enum(OFFER_TABS);
export const redemptionTypeSchema = z.enum(REDEMPTION_TYPES);
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const themeSchema = z.enum(THEMES);
