import { z } from "zod";
import { isDateOnly, isValidTimeZone } from "../dates.ts";
import { MAX_ID } from "../ids.ts";
import { COMMON_MESSAGES } from "./messages.ts";
import { isBlank, type NumberInput, type NumberRules, parseNumberInput } from "./number-input.ts";

// The plain number rules live apart so screens that only check numbers load no schema library.
export {
  hasAtMostDecimals,
  isBlank,
  type NumberInput,
  type NumberParseResult,
  type NumberRules,
  parseNumberInput,
} from "./number-input.ts";

import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  hasControlCharacters,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
} from "./patterns.ts";

export {
  ALPHA_NAME_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  hasControlCharacters,
  isValidEmail,
  isValidPassword,
  NAME_MAX_LENGTH,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_PATTERN,
  PASSWORD_SPECIAL_CHARACTERS,
  PERSON_NAME_PATTERN,
} from "./patterns.ts";

/** A rule for a text field: the value passes when `test` is true, otherwise `message` shows. */
export type TextRule = readonly [test: (value: string) => boolean, message: string];

/** Rule helpers for `textField`. */
export const minLength = (length: number, message: string): TextRule => [
  (value) => value.length >= length,
  message,
];
export const maxLength = (length: number, message: string): TextRule => [
  (value) => value.length <= length,
  message,
];
export const matches = (pattern: RegExp, message: string): TextRule => [
  (value) => pattern.test(value),
  message,
];

type TextFieldOptions = {
  /** Shown when the value is missing or empty (after trimming). */
  required: string;
  /** Checked in order after `required`; only the first failure is reported. */
  rules?: readonly TextRule[];
  /** Defaults to true. */
  trim?: boolean;
  lowerCase?: boolean;
  /** Line breaks and tabs allowed (descriptions); other control characters never are. */
  multiline?: boolean;
};

/**
 * A string field that reports one message at a time: `required`, then the first failing rule.
 * The issue is marked continuable on purpose: zod skips later object-level rules (such as
 * "Passwords do not match") after an aborting issue, and a form should show every field's
 * message at once.
 */
export function textField({
  required,
  rules = [],
  trim = true,
  lowerCase = false,
  multiline = false,
}: TextFieldOptions) {
  let schema = z.string({ error: required });
  if (trim) schema = schema.trim();
  if (lowerCase) schema = schema.toLowerCase();
  return schema.superRefine((value, ctx) => {
    const message =
      value === ""
        ? required
        : hasControlCharacters(value, { multiline })
          ? COMMON_MESSAGES.controlCharacters
          : rules.find(([test]) => !test(value))?.[1];
    if (message !== undefined) ctx.addIssue({ code: "custom", message, input: value });
  });
}

/** Like `textField`, but empty input is allowed and gives `undefined`. */
export function optionalTextField(
  rules: readonly TextRule[],
  options: { multiline?: boolean } = {},
) {
  return z
    .string()
    .trim()
    .nullish()
    .superRefine((value, ctx) => {
      if (!value) return;
      const message = hasControlCharacters(value, options)
        ? COMMON_MESSAGES.controlCharacters
        : rules.find(([test]) => !test(value))?.[1];
      if (message !== undefined) ctx.addIssue({ code: "custom", message, input: value });
    })
    .transform((value) => (value ? value : undefined));
}

type EmailFieldMessages = { required: string; invalid: string };

/** A trimmed, lower-cased e-mail; empty gives `required`, a malformed one `invalid`. */
export function emailField(messages: EmailFieldMessages, extraRules: readonly TextRule[] = []) {
  return textField({
    required: messages.required,
    lowerCase: true,
    rules: [
      maxLength(EMAIL_MAX_LENGTH, COMMON_MESSAGES.emailTooLong),
      matches(EMAIL_PATTERN, messages.invalid),
      ...extraRules,
    ],
  });
}

type PasswordFieldMessages = { required: string; invalid: string };

/** A password under the platform rule. Never trimmed: a space fails the rule anyway. */
export function passwordField(messages: PasswordFieldMessages) {
  return textField({
    required: messages.required,
    trim: false,
    rules: [
      maxLength(PASSWORD_MAX_LENGTH, COMMON_MESSAGES.passwordTooLong),
      matches(PASSWORD_PATTERN, messages.invalid),
    ],
  });
}

/** A non-empty, untrimmed string with no rule on its content (a confirmation, a token). */
export function requiredString(message: string) {
  return textField({ required: message, trim: false });
}

/** A positive integer id, as a JSON number or the digits of a path or query parameter. */
export const idSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, { error: COMMON_MESSAGES.idInvalid })], {
    error: COMMON_MESSAGES.idInvalid,
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int({ error: COMMON_MESSAGES.idInvalid })
      .min(1, { error: COMMON_MESSAGES.idInvalid })
      .max(MAX_ID, { error: COMMON_MESSAGES.idInvalid }),
  );

/** A shop id: the spec's shops have numeric ids, 0 meaning "not found". */
export const shopIdSchema = idSchema;

const formBoolean = z.union([z.boolean(), z.enum(["true", "false"])]).optional();

/** A form or multipart boolean: `true`/`false` or their strings. Missing means false. */
export const booleanField = formBoolean.transform((value) => value === true || value === "true");

/** Like `booleanField`, but missing stays `undefined`: a setting that is kept when not sent. */
export const keptBooleanField = formBoolean.transform((value) =>
  value === undefined ? undefined : value === true || value === "true",
);

/** What a number check answers: the value it read, or the message the field shows. */
export type NumberCheck<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A number field (form string or JSON number, possibly missing) read by `check`, whose refusal
 * becomes the field's error. The checks live apart from zod so forms can run them without it.
 */
export function checkedNumberField<T>(check: (input: NumberInput) => NumberCheck<T>) {
  return z
    .union([z.number(), z.string()])
    .nullish()
    .transform((input, ctx): T => {
      const result = check(input);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.message, input });
      return z.NEVER;
    });
}

/** A number field (form string or JSON number) validated by `rules`; outputs a number. */
export function numberField(rules: NumberRules) {
  return checkedNumberField((input) => parseNumberInput(input, rules));
}

/** Like `numberField`, but empty input is allowed and gives `undefined`. */
export function optionalNumberField(rules: Omit<NumberRules, "required"> & { invalid: string }) {
  return checkedNumberField(
    (input): NumberCheck<number | undefined> =>
      isBlank(input)
        ? { ok: true, value: undefined }
        : parseNumberInput(input, { ...rules, required: rules.invalid }),
  );
}

/** Loose input for a field validated later by its object (fields that depend on a toggle). */
export const looseNumberInput = z.union([z.number(), z.string()]).nullish();

/** A calendar day as YYYY-MM-DD (offer start and end dates). */
export function dateOnlyField(messages: { required: string; invalid?: string }) {
  return textField({
    required: messages.required,
    rules: [[isDateOnly, messages.invalid ?? COMMON_MESSAGES.dateInvalid]],
  });
}

export const dateOnlySchema = dateOnlyField({ required: COMMON_MESSAGES.dateInvalid });

/**
 * `when` predicate for object-level rules: run only if the object parsed as an object and the
 * named fields have no issues yet, so a cross-field message never hides a field's own message
 * and still shows while unrelated fields are wrong.
 */
export function whenFieldsValid(...fields: string[]) {
  return (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** An IANA time zone name such as "America/New_York". */
export const timeZoneSchema = z.string().refine(isValidTimeZone, { error: "Unknown time zone" });
