import { vi } from "vitest";
import { fixture } from "./fixture";

/** A JSON response, as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export interface MockRequest {
  method: string;
  /** Path after /api/v1, e.g. "/auth/sign-in". */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, a FormData, or undefined. */
  body: unknown;
}

type Reply = Response | object | Promise<Response | object>;
type Handler = Reply | ((request: MockRequest) => Reply);

const API_PREFIX = "/api/v1";

/**
 * Stubs fetch with a small API: keys are "METHOD /path" (no query). A handler is a body
 * (answered 200), a Response, or a function of the request. Unknown calls answer 404.
 * `GET /auth/providers` answers `{ google: false }` unless given. Returns the fetch mock and
 * `requests`, every call in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const requests: MockRequest[] = [];
  const table: Record<string, Handler> = { "GET /auth/providers": { google: false }, ...routes };
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const path = url.pathname.startsWith(API_PREFIX)
      ? url.pathname.slice(API_PREFIX.length)
      : url.pathname;
    let body: unknown = init.body;
    if (typeof init.body === "string") body = JSON.parse(init.body);
    const request: MockRequest = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    const handler = table[`${method} ${path}`];
    if (handler === undefined)
      return jsonResponse({ message: `No mock for ${method} ${path}` }, 404);
    const reply = await (typeof handler === "function" ? handler(request) : handler);
    return reply instanceof Response ? reply : jsonResponse(reply);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    requests,
    /** The calls to one endpoint ("METHOD /path"). */
    callsTo: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

/** A user as GET /user/get-user returns it. */
export const makeUser = fixture(() => ({
  id: 1,
  email: "owner@shop.com",
  userName: "owner",
  firstName: "Olivia",
  lastName: "Owner",
  phoneNumber: null,
  profilePicture: null,
  emailVerified: true,
  role: "owner",
  staffRole: null,
  shopId: 7,
}));

/** A shop as the shop calls return it. */
export const makeShop = fixture(() => ({
  id: 7,
  name: "Bean There",
  industry: "Hospitality",
  tagline: "Coffee worth coming back for",
  logo: null,
  banner: null,
  primaryColor: "#0099D8",
  secondaryColor: "#EFF6FF",
  fontStyle: "Arial",
  timeZone: "America/New_York",
  codeSignUp: true,
  defaultLocale: "en" as const,
  followBrowserLocale: true,
}));

/** A customer as the customer calls return it. */
export const makeCustomer = fixture(() => ({
  id: 31,
  shopId: 7,
  contactId: "ct_31",
  email: "casey@example.com",
  firstName: "Casey",
  lastName: "Customer",
  phoneNumber: null,
  profilePicture: null,
  emailVerified: true,
  hasPassword: true,
  locale: null,
}));
