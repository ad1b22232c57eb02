import multipart, { type Multipart } from "@fastify/multipart";
import { COMMON_MESSAGES, hasControlCharacters } from "@tessera/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../errors";

/** One uploaded file, held in memory (uploads are images of a few MB at most). */
export type UploadedFile = {
  buffer: Buffer;
  /** The client's name for the file: for logs only, never for storage or type decisions. */
  filename: string;
  mimetype: string;
};

/** Per file field: its byte limit and message (an `ImageRules` fits), and whether it is required. */
export type FileFieldRule = {
  readonly maxBytes: number;
  readonly tooLarge: string;
  /** The message when the field is missing; without it the file is optional. */
  readonly required?: string;
};

export type MultipartForm<F extends string> = {
  /** Text fields; a repeated name keeps its first value. */
  fields: Record<string, string>;
  files: Partial<Record<F, UploadedFile>>;
};

const MAX_TEXT_FIELDS = 50;
const MAX_TEXT_FIELD_BYTES = 64 * 1024;
// Files the route did not ask for are read and thrown away; a few are tolerated, not a flood.
const EXTRA_FILES_TOLERATED = 2;

export const NOT_MULTIPART_MESSAGE = "Send the form as multipart/form-data.";
export const TOO_MANY_PARTS_MESSAGE = "The form has too many fields or files.";
export const FIELD_TOO_LONG_MESSAGE = "This value is too long.";
export const MALFORMED_MULTIPART_MESSAGE =
  "The form could not be read: the upload was cut off or malformed. Please try again.";

/**
 * Registers @fastify/multipart. Limits are set per request by `readMultipartForm`; the plugin's
 * own limits are a backstop so a route reading parts itself still cannot be flooded.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fieldSize: MAX_TEXT_FIELD_BYTES,
      fields: MAX_TEXT_FIELDS,
      files: 5,
      fileSize: 10 * 1024 * 1024,
      parts: 100,
    },
  });
}

/**
 * Reads a multipart form: text fields, and the declared file fields each within its own byte
 * limit. A file over its limit is refused with its rule's message (the spec's "File size must
 * be less than 5MB") instead of a generic 413, and the rest of the body is still read, so the
 * browser receives the answer instead of a reset connection. Every problem is reported at once
 * in `errors`, keyed by field.
 */
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  options: { files: Record<F, FileFieldRule> },
): Promise<MultipartForm<F>> {
  if (!request.isMultipart()) {
    throw new AppError("BAD_REQUEST", NOT_MULTIPART_MESSAGE);
  }
  const rules = options.files as Record<string, FileFieldRule>;
  const names = Object.keys(rules);
  const largest = Math.max(0, ...names.map((name) => rules[name]?.maxBytes ?? 0));

  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const errors: Record<string, string> = {};

  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = request.parts({
      limits: {
        // One byte over the largest limit is enough to know a file is too large; busboy then
        // discards the rest of that file while still reading the request to its end.
        fileSize: largest + 1,
        files: names.length + EXTRA_FILES_TOLERATED,
        fields: MAX_TEXT_FIELDS,
        fieldSize: MAX_TEXT_FIELD_BYTES,
      },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest["parts"]>[0]);
  } catch {
    // No boundary in the content type: busboy cannot even start.
    throw new AppError("BAD_REQUEST", MALFORMED_MULTIPART_MESSAGE);
  }

  try {
    for await (const part of parts) {
      if (part.type === "field") {
        const value = String(part.value ?? "");
        if (part.valueTruncated) errors[part.fieldname] ??= FIELD_TOO_LONG_MESSAGE;
        else if (hasControlCharacters(value, { multiline: true })) {
          errors[part.fieldname] ??= COMMON_MESSAGES.controlCharacters;
        } else if (!(part.fieldname in fields)) fields[part.fieldname] = value;
        continue;
      }
      const rule = Object.hasOwn(rules, part.fieldname) ? rules[part.fieldname] : undefined;
      const keep = rule !== undefined && !(part.fieldname in files);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (keep && size <= rule.maxBytes) chunks.push(chunk);
      }
      if (!keep) continue;
      if (size > rule.maxBytes || part.file.truncated) {
        errors[part.fieldname] = rule.tooLarge;
        continue;
      }
      // An empty file input in a form still sends a part: no name and no bytes means no file.
      if (size === 0 && !part.filename) continue;
      files[part.fieldname] = {
        buffer: Buffer.concat(chunks, size),
        filename: part.filename,
        mimetype: part.mimetype,
      };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError("BAD_REQUEST", TOO_MANY_PARTS_MESSAGE);
    }
    if (error instanceof AppError) throw error;
    // Busboy's parse errors (no closing boundary, a broken part header) are the client's body.
    throw new AppError("BAD_REQUEST", MALFORMED_MULTIPART_MESSAGE);
  }

  for (const name of names) {
    const required = rules[name]?.required;
    if (required && !files[name] && !errors[name]) errors[name] = required;
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError("BAD_REQUEST", first, { errors });

  return { fields, files: files as Partial<Record<F, UploadedFile>> };
}

/** Reads a form with one file field (`rule.field`), e.g. a profile update with its picture. */
export async function readFileField(
  request: FastifyRequest,
  rule: FileFieldRule & { readonly field: string },
): Promise<{ file: UploadedFile | undefined; fields: Record<string, string> }> {
  const form = await readMultipartForm(request, { files: { [rule.field]: rule } });
  return { file: form.files[rule.field], fields: form.fields };
}
