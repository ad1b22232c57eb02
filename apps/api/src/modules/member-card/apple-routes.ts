import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { APPLE_WEB_SERVICE_PATH, type AppleWallet } from "./apple-wallet";

const tags = ["apple wallet"];
const PKPASS = "application/vnd.apple.pkpass";

const identifier = z.string().min(1).max(128);
const serial = z.string().min(1).max(64);
const deviceParams = z.object({
  deviceLibraryIdentifier: identifier,
  passTypeIdentifier: identifier,
});
const registrationParams = deviceParams.extend({ serialNumber: serial });
const passParams = z.object({ passTypeIdentifier: identifier, serialNumber: serial });

/** `Authorization: ApplePass <authenticationToken>`, as Wallet sends it. */
function passToken(request: FastifyRequest): string | undefined {
  const match = /^ApplePass\s+(\S+)$/.exec(request.headers.authorization ?? "");
  return match?.[1];
}

function sendPass(reply: FastifyReply, pass: Buffer, updatedAt: Date, download: boolean) {
  reply
    .header("content-type", PKPASS)
    .header("last-modified", updatedAt.toUTCString())
    .header("cache-control", "no-store");
  if (download) reply.header("content-disposition", 'attachment; filename="member-card.pkpass"');
  return reply.send(pass);
}

/**
 * Apple's pass web service (developer.apple.com "Wallet Passes" web service reference), at the
 * `webServiceURL` each pass carries, and the card page's download link.
 */
export const appleWalletRoutes: FastifyPluginAsyncZod<{ wallet: AppleWallet }> = async (
  app,
  { wallet },
) => {
  const base = `${APPLE_WEB_SERVICE_PATH}/v1`;

  app.post(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      schema: {
        tags,
        summary: "Wallet registers a device for a pass's updates (201 new, 200 already)",
        params: registrationParams,
        body: z.object({ pushToken: z.string().min(1).max(256) }),
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      const outcome = await wallet.register(
        { deviceLibraryId: deviceLibraryIdentifier, passTypeId: passTypeIdentifier, serialNumber },
        passToken(request),
        request.body.pushToken,
      );
      return reply.code(outcome === "created" ? 201 : 200).send();
    },
  );

  app.delete(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      schema: {
        tags,
        summary: "Wallet stops a device's updates for a pass",
        params: registrationParams,
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      await wallet.unregister(
        { deviceLibraryId: deviceLibraryIdentifier, passTypeId: passTypeIdentifier, serialNumber },
        passToken(request),
      );
      return reply.code(200).send();
    },
  );

  app.get(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    {
      schema: {
        tags,
        summary: "The device's passes changed since `passesUpdatedSince` (204 when none)",
        params: deviceParams,
        querystring: z.object({ passesUpdatedSince: z.string().max(32).optional() }),
        response: {
          200: z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() }),
          204: z.null().describe("No pass of the device changed"),
        },
      },
    },
    async (request, reply) => {
      const result = await wallet.updatedSerials(
        request.params.deviceLibraryIdentifier,
        request.params.passTypeIdentifier,
        request.query.passesUpdatedSince,
      );
      if (!result) return reply.code(204).send(null);
      return result;
    },
  );

  app.get(
    `${base}/passes/:passTypeIdentifier/:serialNumber`,
    {
      schema: {
        tags,
        summary: "The latest pass, with Last-Modified; 304 when unchanged since If-Modified-Since",
        params: passParams,
        produces: [PKPASS],
      },
    },
    async (request, reply) => {
      const result = await wallet.latestPass(
        request.params.passTypeIdentifier,
        request.params.serialNumber,
        passToken(request),
        request.headers["if-modified-since"],
      );
      if (result.notModified) {
        return reply.code(304).header("last-modified", result.updatedAt.toUTCString()).send();
      }
      return sendPass(reply, result.pass, result.updatedAt, false);
    },
  );

  app.post(
    `${base}/log`,
    {
      schema: {
        tags,
        summary: "Wallet reports problems with the web service",
        body: z.object({ logs: z.array(z.string().max(2000)).max(50) }),
      },
    },
    async (request, reply) => {
      wallet.log(request.body.logs);
      return reply.code(200).send();
    },
  );

  app.get(
    `${APPLE_WEB_SERVICE_PATH}/download/:serialNumber`,
    {
      schema: {
        tags,
        summary: "Add to Apple Wallet: the member's pass, with the pass's own token",
        params: z.object({ serialNumber: serial }),
        querystring: z.object({ token: z.string().max(128).optional() }),
        produces: [PKPASS],
      },
    },
    async (request, reply) => {
      const { pass, updatedAt } = await wallet.download(
        request.params.serialNumber,
        request.query.token,
      );
      return sendPass(reply, pass, updatedAt, true);
    },
  );
};
