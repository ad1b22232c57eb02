import { z } from "zod";
import { paginated, paginationQuerySchema } from "../api.ts";
import { MEMBER_CSV_FIELDS, type MemberCsvField } from "./integrations.ts";

/**
 * Member import from CSV (issue 18): upload, map the columns, dry run, then import the good rows
 * as a job. The columns are the export's (`MEMBER_CSV_FIELDS`), so an exported file maps itself.
 */

/** The largest CSV the upload accepts. */
export const MEMBER_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** More columns than this is not a members file. */
export const MEMBER_IMPORT_MAX_COLUMNS = 60;
/** Rows shown on the mapping step. */
export const MEMBER_IMPORT_SAMPLE_ROWS = 5;

export const MEMBER_IMPORT_MESSAGES = {
  fileRequired: "Choose a CSV file to import.",
  fileTooLarge: "The file is larger than 50 MB. Split it into smaller files.",
  fileEmpty: "The file has no rows under its header.",
  fileUnreadable: "The file is not a readable CSV",
  tooManyColumns: "The file has more than 60 columns. Is it a members file?",
  notFound: "Import not found.",
  notChecked: "Run the dry run before importing.",
  alreadyStarted: "This import has already been started.",
  nothingToImport: "The dry run found no rows that can be imported.",
  emailNotMapped: "Choose the column that holds the e-mail address.",
  firstNameNotMapped: "Choose the column that holds the first name.",
  columnMappedTwice: "Each field can be chosen for one column only.",
  columnOutOfRange: "The mapping names a column the file does not have.",
  started: "Import started.",
  // Per row
  emailRequired: "E-mail is missing.",
  emailInvalid: "E-mail is not a valid address.",
  firstNameRequired: "First name is missing.",
  nameTooLong: "Names can be at most 100 characters.",
  duplicateEmail: "This e-mail is already on row {row} of the file.",
  phoneInvalid: "Phone is not a valid number (use the international format, e.g. +14155550123).",
  tierUnknown: 'No tier named "{value}" in this shop.',
  tierNeeded: "Plan, dates and payment type need a tier in the same row.",
  planInvalid: 'Plan must be "monthly" or "yearly".',
  planMismatch: 'The tier "{tier}" renews {renewal}, not {plan}.',
  dateInvalid: "{field} must be a date written YYYY-MM-DD (e.g. 2026-03-31).",
  renewalBeforeStart: "Next renewal must be after the membership start.",
  paymentTypeInvalid: 'Payment type must be "card", "pos" or "cash".',
  balanceInvalid: "Cashback balance must be an amount in dollars, like 12.50.",
  balanceNegative: "Cashback balance cannot be negative.",
  balanceTooLarge: "Cashback balance cannot exceed 100000.00.",
  rowFailed: "This row could not be saved; nothing of it was imported.",
  doneTitle: "Member import finished",
} as const;

/** A message with `{name}` holes filled in. */
export function importMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const fieldKeys = MEMBER_CSV_FIELDS.map((f) => f.key) as [MemberCsvField, ...MemberCsvField[]];
export const memberCsvFieldSchema = z.enum(fieldKeys);

/** Column index (0-based) → field, or null for a column that is not imported. */
export const memberImportMappingSchema = z
  .array(memberCsvFieldSchema.nullable())
  .max(MEMBER_IMPORT_MAX_COLUMNS);
export type MemberImportMapping = z.infer<typeof memberImportMappingSchema>;

/** The suggested field of a header: the export's labels and their usual spellings, any case. */
export function suggestMemberImportMapping(header: readonly string[]): MemberImportMapping {
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
  const aliases: Record<string, MemberCsvField> = {
    firstname: "firstName",
    givenname: "firstName",
    lastname: "lastName",
    surname: "lastName",
    familyname: "lastName",
    email: "email",
    emailaddress: "email",
    mail: "email",
    phone: "phone",
    phonenumber: "phone",
    mobile: "phone",
    tier: "tier",
    membership: "tier",
    membershiptier: "tier",
    plan: "plan",
    membershipstart: "membershipStart",
    startdate: "membershipStart",
    nextrenewal: "nextRenewal",
    renewaldate: "nextRenewal",
    paymenttype: "paymentType",
    cashbackbalance: "cashbackBalance",
    balance: "cashbackBalance",
    joined: "joined",
    joineddate: "joined",
    createdat: "joined",
  };
  for (const field of MEMBER_CSV_FIELDS) aliases[squash(field.label)] = field.key;
  const used = new Set<MemberCsvField>();
  return header.map((name) => {
    const field = aliases[squash(name)];
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

export const MEMBER_IMPORT_STATUSES = [
  "uploaded",
  "checked",
  "queued",
  "running",
  "done",
  "failed",
] as const;
export type MemberImportStatus = (typeof MEMBER_IMPORT_STATUSES)[number];

export const memberImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(MEMBER_IMPORT_STATUSES),
  header: z.array(z.string()),
  /** The first rows, as in the file, for the mapping step. */
  sample: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  mapping: memberImportMappingSchema.nullable(),
  suggestedMapping: memberImportMappingSchema,
  sendInvitations: z.boolean(),
  /** Dry run: rows that would create, update, change nothing, or are refused. */
  toCreate: z.number().int(),
  toUpdate: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  /** The job: rows done so far of `toImport`, and what became of them. */
  toImport: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MemberImport = z.infer<typeof memberImportSchema>;

export const memberImportResponseSchema = z.object({
  message: z.string().optional(),
  import: memberImportSchema,
});
export type MemberImportResponse = z.infer<typeof memberImportResponseSchema>;

export const MEMBER_IMPORT_ROW_ACTIONS = ["create", "update", "unchanged", "error"] as const;
export type MemberImportRowAction = (typeof MEMBER_IMPORT_ROW_ACTIONS)[number];

export const memberImportRowSchema = z.object({
  /** The line's number in the file, the header being row 1 (as a spreadsheet shows it). */
  row: z.number().int(),
  email: z.string(),
  action: z.enum(MEMBER_IMPORT_ROW_ACTIONS),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  /** After the import: created, updated, unchanged, or failed (with `errors`). */
  outcome: z.enum(["created", "updated", "unchanged", "failed"]).nullable(),
});
export type MemberImportRow = z.infer<typeof memberImportRowSchema>;

export const dryRunPayloadSchema = z.object({ mapping: memberImportMappingSchema });
export type DryRunPayload = z.infer<typeof dryRunPayloadSchema>;

export const startImportPayloadSchema = z.object({ sendInvitations: z.boolean().default(false) });
export type StartImportPayload = z.input<typeof startImportPayloadSchema>;

export const memberImportRowsQuerySchema = paginationQuerySchema.extend({
  only: z.enum(["all", "errors"]).default("all"),
});
export type MemberImportRowsQuery = z.input<typeof memberImportRowsQuerySchema>;

export const memberImportRowsResponseSchema = paginated(memberImportRowSchema, "rows");
export type MemberImportRowsResponse = z.infer<typeof memberImportRowsResponseSchema>;

/** Live progress over the merchant's socket (the `importProgress` event). */
export type MemberImportProgress = {
  importId: number;
  status: MemberImportStatus;
  processed: number;
  toImport: number;
};
