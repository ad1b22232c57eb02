import {
  ACCESS_MESSAGES,
  createShopSchema,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  toFieldErrors,
} from "@tessera/shared";
import type { Shop } from "../../db/schema";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { isUniqueViolation } from "../../infra/db/errors";
import {
  createShopBannerRules,
  createShopLogoRules,
  type ProcessedImage,
  processImage,
} from "../../infra/images";
import type { Storage } from "../../infra/storage";
import type { MerchantSession } from "../auth/session";
import { toShopDto } from "./dto";
import * as repo from "./repo";

export type ShopsDeps = { db: Database; storage: Storage };

export function createShopsService({ db, storage }: ShopsDeps) {
  async function store(image: ProcessedImage) {
    return storage.save(image.buffer, {
      extension: image.extension,
      contentType: image.contentType,
      folder: "shops",
    });
  }

  return {
    /** The public face of a shop; an unknown id is "Store Not Found". */
    async getShop(shopId: number) {
      const shop = await repo.findShopById(db, shopId);
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
      const errors: Record<string, string> = {};
      const parsed = createShopSchema.safeParse(fields);
      if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error));
      const [logo, banner] = await Promise.all(
        [
          [files.logo, createShopLogoRules],
          [files.banner, createShopBannerRules],
        ].map(([buffer, rules]) =>
          processImage(buffer as Buffer, rules as typeof createShopLogoRules).catch((error) => {
            if (error instanceof AppError && error.details.errors) {
              Object.assign(errors, error.details.errors);
              return null;
            }
            throw error;
          }),
        ),
      );
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
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;
