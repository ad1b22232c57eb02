import { activeLocale } from "./i18n";
import { endSession } from "./session";
import { getToken } from "./token-storage";

export const API_BASE_URL = "/api/v1";
// The spec's fallback toast, word for word (texts.json keeps the full stop).
export const FETCH_FAILED_MESSAGE = "Failed to fetch data, try again later.";

/** The API's error body: `{ message, title?, errors?: { field: message } }`. */
export interface ApiErrorBody {
  message?: string;
  title?: string;
  errors?: Record<string, string>;
  [key: string]: unknown;
}

/** A failed call. `status` is 0 when no response arrived (network down, unreadable body). */
export class ApiError extends Error {
  readonly status: number;
  readonly title?: string;
  readonly errors?: Record<string, string>;
  readonly body: ApiErrorBody;
  /** True when this 401 ended the session; the session-end toast already told the user. */
  readonly sessionEnded: boolean;

  constructor(
    message: string,
    options: { status: number; body?: ApiErrorBody; sessionEnded?: boolean; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = "ApiError";
    this.status = options.status;
    this.body = options.body ?? {};
    this.title = typeof this.body.title === "string" ? this.body.title : undefined;
    this.errors = isStringRecord(this.body.errors) ? this.body.errors : undefined;
    this.sessionEnded = options.sessionEnded ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Send the stored session token (default true). Sign-in and sign-up pass false so a stale
   *  token can neither leak into them nor turn a wrong password into a "session ended". */
  auth?: boolean;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Builds `/api/v1/<path>?<query>`; the path may be given with or without a leading slash. */
export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URL}/${path.replace(/^\/+/, "")}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

/** Sends a request with the session token; a network failure is an ApiError with status 0. */
async function send(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
  accept: string,
): Promise<{ response: Response; token: string | null }> {
  const headers = new Headers(options.headers);
  headers.set("Accept", accept);
  // The page's language, not the browser's list: what a new account keeps, and what answers
  // may be written in.
  if (!headers.has("Accept-Language")) headers.set("Accept-Language", activeLocale());

  const token = options.auth === false ? null : getToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets multipart/form-data with its boundary.
    payload = body;
  } else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }

  try {
    const response = await fetch(buildApiUrl(path, options.query), {
      method,
      headers,
      body: payload,
      signal: options.signal,
    });
    return { response, token };
  } catch (cause) {
    // Let cancellations (TanStack Query aborts) propagate as they are.
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(FETCH_FAILED_MESSAGE, { status: 0, cause });
  }
}

/** The ApiError of a failed answer; a 401 to the stored token ends the session. */
function failure(response: Response, data: unknown, token: string | null): ApiError {
  const errorBody: ApiErrorBody = isRecord(data) ? (data as ApiErrorBody) : {};
  const message =
    typeof errorBody.message === "string" && errorBody.message.trim()
      ? errorBody.message
      : FETCH_FAILED_MESSAGE;

  // Only the first of several parallel 401s finds its token still stored, so the session
  // ends (and the toast shows) once; a token replaced by a fresh login meanwhile is kept.
  let sessionEnded = false;
  if (response.status === 401 && token !== null && getToken() === token) {
    endSession();
    sessionEnded = true;
  }
  return new ApiError(message, { status: response.status, body: errorBody, sessionEnded });
}

export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { response, token } = await send(method, path, body, options, "application/json");

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (cause) {
    // A success we cannot read is as good as no answer; an unreadable error body still has
    // its status, which matters for 401.
    if (response.ok) throw new ApiError(FETCH_FAILED_MESSAGE, { status: 0, cause });
    data = undefined;
  }

  if (response.ok) return data as T;
  throw failure(response, data, token);
}

/** The file name of a content-disposition header (`filename*=` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() ?? null;
}

/**
 * GETs a file (a CSV export) with the session, as `request` does: the same errors, the same end
 * of session on a 401. Returns its bytes and the name the server gave it.
 */
export async function getFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const { response, token } = await send("GET", path, undefined, options, "*/*");
  if (!response.ok) {
    const data = await readBody(response).catch(() => undefined);
    throw failure(response, data, token);
  }
  try {
    const blob = await response.blob();
    return { blob, fileName: fileNameFromDisposition(response.headers.get("content-disposition")) };
  } catch (cause) {
    throw new ApiError(FETCH_FAILED_MESSAGE, { status: 0, cause });
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get("Content-Type") ?? "";
  if (contentType.includes("json") || /^[[{"]/.test(text.trimStart())) return JSON.parse(text);
  // A non-JSON error page (proxy, gateway) has nothing meant for the user.
  if (!response.ok) return undefined;
  return text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === "string");
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, body, options),
  del: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("DELETE", path, body, options),
};

export const { get, post, put, patch, del } = api;
