import {
  ACCESS_MESSAGES,
  CATALOGUE_MESSAGES,
  COMMON_MESSAGES,
  createShopSchema,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  idSchema,
  storeSettingsSchema,
  toFieldErrors,
} from "@tessera/shared";
import type { z } from "zod";
import type { Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { isUniqueViolation } from "../../infra/db/errors";
import {
  createShopBannerRules,
  createShopLogoRules,
  type ImageRules,
  type ProcessedImage,
  processFormImage,
  storeBannerRules,
  storeImage,
  storeLogoRules,
} from "../../infra/images";
import type { Storage } from "../../infra/storage";
import type { MerchantSession } from "../auth/session";
import { toShopDto } from "./dto";
import * as repo from "./repo";

export type ShopsDeps = { db: Database; storage: Storage };

/**
 * A shop form checked whole: the fields against `schema`, the logo and the banner against their
 * rules, every problem collected in `errors` so that all of them are reported at once.
 */
async function checkShopForm<Fields>(
  schema: z.ZodType<Fields>,
  fields: Record<string, string>,
  files: { logo?: Buffer | undefined; banner?: Buffer | undefined },
  rules: { logo: ImageRules; banner: ImageRules },
) {
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(fields);
  if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error));
  const [logo, banner] = await Promise.all([
    processFormImage(files.logo, rules.logo, errors),
    processFormImage(files.banner, rules.banner, errors),
  ]);
  return { parsed, logo, banner, errors };
}

export function createShopsService({ db, storage }: ShopsDeps) {
  const store = (image: ProcessedImage) => storeImage(storage, image, "shops");

  /** Removes a stored file by the URL kept in the database; failures only cost disk space. */
  async function removeByUrl(url: string | null) {
    const key = url ? storage.keyFromUrl(url) : null;
    if (key) await storage.remove(key).catch(() => {});
  }

  return {
    /** The public face of a shop; an unknown id is "Store Not Found". */
    async getShop(shopId: number) {
      const shop = await repo.findStorefrontShop(db, shopId);
      if (!shop) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
      return { shop: toShopDto(shop) };
    },

    async getMyShop(session: MerchantSession) {
      if (session.shopId === null) return { shop: null };
      const shop = await repo.findShopById(db, session.shopId);
      return { shop: shop ? toShopDto(shop) : null };
    },

    /** Checked before the upload is read, so a refused caller does not send 12 MB for nothing. */
    assertCanCreateShop(session: MerchantSession) {
      if (!session.isOwner) {
        throw new AppError("FORBIDDEN", "Staff members work in their employer's shop.");
      }
      if (!session.user.emailVerifiedAt) {
        throw new AppError("FORBIDDEN", ACCESS_MESSAGES.emailNotVerified);
      }
      if (session.shopId !== null) throw new AppError("CONFLICT", ACCESS_MESSAGES.shopExists);
    },

    async createShop(
      session: MerchantSession,
      fields: Record<string, string>,
      files: { logo: Buffer; banner: Buffer },
    ) {
      this.assertCanCreateShop(session);

      // Every problem is reported at once: the name and both images are checked before anything
      // is stored, so a bad banner leaves no logo behind.
      const form = await checkShopForm(createShopSchema, fields, files, {
        logo: createShopLogoRules,
        banner: createShopBannerRules,
      });
      const { parsed, logo, banner, errors } = form;
      const first = Object.values(errors)[0];
      if (first || !logo || !banner || !parsed.success) {
        throw new AppError("BAD_REQUEST", first ?? "Invalid image", { errors });
      }

      const [logoFile, bannerFile] = await Promise.all([store(logo), store(banner)]);
      let shop: Shop;
      try {
        shop = await repo.insertShop(db, {
          ownerId: session.user.id,
          name: parsed.data.name,
          industry: parsed.data.industry ?? null,
          logo: logoFile.url,
          banner: bannerFile.url,
          primaryColor: DEFAULT_PRIMARY_COLOR,
          secondaryColor: DEFAULT_SECONDARY_COLOR,
        });
      } catch (error) {
        await Promise.all([storage.remove(logoFile.key), storage.remove(bannerFile.key)]);
        if (isUniqueViolation(error)) throw new AppError("CONFLICT", ACCESS_MESSAGES.shopExists);
        throw error;
      }
      return { message: ACCESS_MESSAGES.shopCreated, shop: toShopDto(shop) };
    },

    /**
     * Customize Store (owner only): every field again, optional new logo and cover photo, and
     * optionally the time zone. The `id` field is a claim: another shop's id is "Store Not
     * Found". Replaced images are removed once the update is saved.
     */
    async updateShop(
      session: { shopId: number },
      fields: Record<string, string>,
      files: { logo?: Buffer | undefined; banner?: Buffer | undefined },
    ) {
      if (fields.id !== undefined && fields.id !== "") {
        const claimed = idSchema.safeParse(fields.id);
        if (!claimed.success) {
          throw new AppError("BAD_REQUEST", COMMON_MESSAGES.idInvalid, {
            errors: { id: COMMON_MESSAGES.idInvalid },
          });
        }
        if (claimed.data !== session.shopId) {
          throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
        }
      }
      const { id: _claim, ...settingsFields } = fields;
      const form = await checkShopForm(storeSettingsSchema, settingsFields, files, {
        logo: storeLogoRules,
        banner: storeBannerRules,
      });
      const { parsed, logo, banner, errors } = form;
      const first = Object.values(errors)[0];
      if (first || !parsed.success)
        throw new AppError("BAD_REQUEST", first ?? "Invalid", { errors });

      const [logoFile, bannerFile] = await Promise.all([
        logo ? store(logo) : null,
        banner ? store(banner) : null,
      ]);
      const { timeZone, ...settings } = parsed.data;
      let result: { shop: Shop; previous: Shop };
      try {
        result = await db.transaction(async (tx) => {
          const previous = await repo.lockShop(tx, session.shopId);
          if (!previous) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
          const shop = await repo.updateShop(tx, session.shopId, {
            ...settings,
            ...(timeZone ? { timeZone } : {}),
            ...(logoFile ? { logo: logoFile.url } : {}),
            ...(bannerFile ? { banner: bannerFile.url } : {}),
          });
          return { shop, previous };
        });
      } catch (error) {
        await Promise.all(
          [logoFile, bannerFile].map((file) =>
            file ? storage.remove(file.key).catch(() => {}) : null,
          ),
        );
        throw error;
      }
      await Promise.all([
        logoFile ? removeByUrl(result.previous.logo) : null,
        bannerFile ? removeByUrl(result.previous.banner) : null,
      ]);
      return { message: CATALOGUE_MESSAGES.storeUpdated, shop: toShopDto(result.shop) };
    },
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;
