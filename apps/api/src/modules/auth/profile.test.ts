import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { findRow } from "../../infra/db/rows";
import { expectConfirmed } from "../../test/answers";
import { createCustomer, createMerchant, loginAs } from "../../test/factories";
import { appForFile, signedInStaff } from "../../test/file-app";
import {
  type FilePart,
  makeImage,
  profileFormRejections,
  sendProfileForm,
} from "../../test/multipart";

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" } });

const pathOfUrl = (url: string) => join(t.config.dataDir, url);

async function picture(format: "png" | "jpeg" = "jpeg"): Promise<FilePart> {
  return {
    buffer: await makeImage(300, 300, format),
    filename: `me.${format === "png" ? "png" : "jpg"}`,
    type: `image/${format}`,
  };
}

async function updateUser(
  authorization: string | undefined,
  fields: Record<string, string>,
  file?: FilePart,
) {
  return sendProfileForm(
    t.app,
    {
      method: "POST",
      url: "/api/v1/user/update-user",
      headers: authorization ? { authorization } : {},
    },
    fields,
    file,
  );
}

const userRow = (id: number) => findRow(t.database.db, users, id);

describe("update profile", () => {
  it("saves names, the phone in E.164 and a picture, replacing the previous picture", async () => {
    const owner = await createMerchant(t.database.db);
    const { authorization } = await loginAs(t.app, owner);
    const first = await updateUser(
      authorization,
      { firstName: " Dana ", lastName: "Fields", phoneNumber: "07911 123456", phoneCountry: "gb" },
      await picture(),
    );
    const { user } = expectConfirmed(first, 200, "Profile updated successfully");
    expect(user).toMatchObject({
      id: owner.user.id,
      email: owner.email,
      firstName: "Dana",
      lastName: "Fields",
      userName: "Dana Fields",
      phoneNumber: "+447911123456",
      shopId: owner.shop?.id,
    });
    expect(user.profilePicture).toMatch(/^\/uploads\/profiles\/[\w-]+\.jpg$/);
    expect(existsSync(pathOfUrl(user.profilePicture))).toBe(true);

    const second = await updateUser(
      authorization,
      { firstName: "Dana", lastName: "Fields", phoneNumber: "(201) 555-0123", country: "US" },
      await picture("png"),
    );
    expect(second.statusCode).toBe(200);
    const updated = second.json().user;
    expect(updated.phoneNumber).toBe("+12015550123");
    expect(updated.profilePicture).toMatch(/\.png$/);
    expect(existsSync(pathOfUrl(user.profilePicture))).toBe(false);

    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/user/get-user",
      headers: { authorization },
    });
    expect(me.json().user).toMatchObject({
      firstName: "Dana",
      phoneNumber: "+12015550123",
      profilePicture: updated.profilePicture,
    });
  });

  it("keeps the picture when none is sent, clears an empty phone, leaves others' pictures", async () => {
    const owner = await createMerchant(t.database.db);
    const googlePicture = "https://lh3.googleusercontent.com/a/photo.jpg";
    await t.database.db
      .update(users)
      .set({ phoneNumber: "+12015550123", profilePicture: googlePicture })
      .where(eq(users.id, owner.user.id));
    const { authorization } = await loginAs(t.app, owner);
    const res = await updateUser(authorization, {
      firstName: "Olive",
      lastName: "Owner",
      phoneNumber: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ phoneNumber: null, profilePicture: googlePicture });
    const replaced = await updateUser(
      authorization,
      { firstName: "Olive", lastName: "Owner" },
      await picture(),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().user.profilePicture).toMatch(/^\/uploads\/profiles\//);
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const owner = await createMerchant(t.database.db);
    const { authorization } = await loginAs(t.app, owner);
    const cases = await profileFormRejections(
      { firstName: "Dana", lastName: "Fields" },
      "phoneCountry",
      { phoneNumber: "+44 7911 123456" },
    );
    for (const [fields, file, errors] of cases) {
      const res = await updateUser(authorization, fields, file);
      expect(res.statusCode, JSON.stringify(errors)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await userRow(owner.user.id)).toMatchObject({
      firstName: "Olive",
      lastName: "Owner",
      phoneNumber: null,
      profilePicture: null,
    });
  });

  it("lets staff edit their own profile; customers and anonymous callers are refused", async () => {
    const owner = await createMerchant(t.database.db);
    const shopId = owner.shop?.id as number;
    const staff = await signedInStaff(t, shopId);
    const res = await updateUser(staff.authorization, { firstName: "Samuel", lastName: "Staff" });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: staff.user.id, firstName: "Samuel" });
    expect((await userRow(owner.user.id))?.firstName).toBe("Olive");

    const customer = await createCustomer(t.database.db, shopId);
    const customerAuth = (await loginAs(t.app, customer, shopId)).authorization;
    expect(
      (await updateUser(customerAuth, { firstName: "Cleo", lastName: "Hacker" })).statusCode,
    ).toBe(403);
    expect(
      (await updateUser(undefined, { firstName: "Cleo", lastName: "Hacker" })).statusCode,
    ).toBe(401);
  });
});
