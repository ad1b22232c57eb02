import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { parseIdText, type StorefrontSnapshot } from "@tessera/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { NOT_FOUND_MESSAGE } from "./errors";
import { sendPage } from "./page-encoding";
import { routePreloadTags } from "./route-preload";
import {
  renderShopPageHtml,
  renderStorefrontHtml,
  shopLoginIdText,
  storefrontIdText,
} from "./storefront-head";

/** The route modules of the pages below, as the web build's manifest names them. */
const STOREFRONT_MODULE = "src/app/routes/storefront.tsx";
const SHOP_LOGIN_MODULE = "src/app/routes/shop-login.tsx";
const MERCHANT_MODULE = "src/app/routes/merchant.tsx";

/** The merchant area's pages (the dashboard first): `/merchant` and below. */
const MERCHANT_PAGES = /^\/merchant(\/|$|\?)/;

// API paths, and build assets that do not exist (a stale tab after a deploy), never get the SPA.
const NOT_PAGES = /^\/(api|socket\.io|assets|uploads)(\/|$|\?)/;

/**
 * Serves the built SPA from the API's own port: content-hashed assets are cached for a year,
 * everything else (index.html above all) is revalidated so a deploy shows at once.
 * Client routes answer index.html; unknown /api paths answer JSON 404.
 */
export async function registerSpaHosting(
  app: FastifyInstance,
  opts: {
    webDist: string;
    publicUrl: string;
    readStorefront: (shopId: number) => Promise<StorefrontSnapshot>;
  },
) {
  const hasSpa = existsSync(join(opts.webDist, "index.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: "/",
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: ["index.html"],
      // The build writes .br and .gz beside each text file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      hasSpa &&
      (request.method === "GET" || request.method === "HEAD") &&
      !NOT_PAGES.test(request.url);
    if (!wantsPage) return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
    const idText = storefrontIdText(request.url);
    if (idText !== null) return sendStorefront(request, reply, idText);
    const loginIdText = shopLoginIdText(request.url);
    if (loginIdText !== null) return sendShopLogin(request, reply, loginIdText);
    if (MERCHANT_PAGES.test(request.url)) return sendMerchantPage(request, reply);
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });

  /**
   * `/{shopId}`: index.html with the shop's head, or the plain page with status 404 when there
   * is no such shop (the app then shows Store Not Found). `no-cache` as for index.html: the
   * head follows the shop's edits at once.
   */
  async function sendStorefront(request: FastifyRequest, reply: FastifyReply, idText: string) {
    const shopId = parseIdText(idText);
    const snapshot = shopId === null ? null : await opts.readStorefront(shopId).catch(notFound);
    reply.header("cache-control", "no-cache");
    if (!snapshot) return reply.code(404).sendFile("index.html");
    const html = await readFile(join(opts.webDist, "index.html"), "utf8");
    const font = snapshot.shop.fontStyle;
    const preload = await routePreloadTags(opts.webDist, html, STOREFRONT_MODULE, font);
    const page = renderStorefrontHtml(html, { ...snapshot, publicUrl: opts.publicUrl, preload });
    return sendPage(request, reply, page);
  }

  /**
   * A merchant-area page: index.html naming the area's chunks, which the app would otherwise
   * only ask for after its entry ran. These addresses are a signed-in merchant's (a visitor
   * without a session is sent to the sign-in page, having fetched them for nothing).
   */
  async function sendMerchantPage(request: FastifyRequest, reply: FastifyReply) {
    const html = await readFile(join(opts.webDist, "index.html"), "utf8");
    const preload = await routePreloadTags(opts.webDist, html, MERCHANT_MODULE);
    reply.header("cache-control", "no-cache");
    if (!preload || !/<\/head>/i.test(html)) return reply.sendFile("index.html");
    return sendPage(
      request,
      reply,
      html.replace(/<\/head>/i, () => `  ${preload}\n  </head>`),
    );
  }

  async function sendShopLogin(request: FastifyRequest, reply: FastifyReply, idText: string) {
    const html = await shopPageHtml(opts, idText);
    reply.header("cache-control", "no-cache");
    if (html === null) return reply.sendFile("index.html");
    return sendPage(request, reply, html);
  }
}

/**
 * `/{shopId}/login`, the page a storefront's "Become a Member" and every customer e-mail lead
 * to: the generic head (it is not a page to share), with the shop and the sign-in chunk named so
 * the form shows without two more round trips. An unknown shop gets the plain page, whose app
 * shows Store Not Found, as before.
 */
async function shopPageHtml(
  opts: {
    webDist: string;
    publicUrl: string;
    readStorefront: (id: number) => Promise<StorefrontSnapshot>;
  },
  idText: string,
): Promise<string | null> {
  const shopId = parseIdText(idText);
  const snapshot = shopId === null ? null : await opts.readStorefront(shopId).catch(notFound);
  if (!snapshot) return null;
  const html = await readFile(join(opts.webDist, "index.html"), "utf8");
  const font = snapshot.shop.fontStyle;
  const preload = await routePreloadTags(opts.webDist, html, SHOP_LOGIN_MODULE, font);
  return renderShopPageHtml(html, { ...snapshot, publicUrl: opts.publicUrl, preload });
}

/** Store Not Found becomes null; any other failure stays a failure (a 500, not a false 404). */
function notFound(error: unknown): null {
  if (error instanceof AppError && error.code === "NOT_FOUND") return null;
  throw error;
}
