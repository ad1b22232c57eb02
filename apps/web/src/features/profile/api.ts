import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type MerchantEmailPreferences,
  type ProfileValues,
  type ReminderLeadDays,
  type Shop,
  type StoreSettingsValues,
  sanitizeFileName,
  type User,
} from "@tessera/shared";
import { sessionKeys } from "@/features/session";
import { api } from "@/lib/api-client";
import { profileFormData } from "@/lib/profile-form-data";
import { rememberMerchantBranding, rememberShopBranding } from "@/lib/shop-branding";

/** POST /user/update-user (multipart: firstName, lastName, phoneNumber, phoneCountry, profilePicture?). */
export function updateProfile(input: {
  values: ProfileValues;
  picture: File | null;
}): Promise<{ message: string; user: User }> {
  return api.post<{ message: string; user: User }>(
    "/user/update-user",
    profileFormData(input.values, input.picture),
  );
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionKeys.user(), user),
  });
}

/** PUT /shop/update-shop (multipart, owner only): the store fields plus optional logo and banner. */
export function updateShop(input: {
  shopId: number;
  values: StoreSettingsValues;
  logo: File | null;
  banner: File | null;
}): Promise<{ message: string; shop: Shop }> {
  const { values } = input;
  const form = new FormData();
  form.append("id", String(input.shopId));
  form.append("name", values.name);
  form.append("tagline", values.tagline);
  form.append("industry", values.industry);
  form.append("fontStyle", values.fontStyle);
  form.append("primaryColor", values.primaryColor);
  form.append("secondaryColor", values.secondaryColor);
  if (values.timeZone) form.append("timeZone", values.timeZone);
  if (values.codeSignUp !== undefined) form.append("codeSignUp", String(values.codeSignUp));
  if (values.defaultLocale) form.append("defaultLocale", values.defaultLocale);
  if (values.followBrowserLocale !== undefined) {
    form.append("followBrowserLocale", String(values.followBrowserLocale));
  }
  if (input.logo) form.append("logo", input.logo, sanitizeFileName(input.logo.name));
  if (input.banner) form.append("banner", input.banner, sanitizeFileName(input.banner.name));
  return api.put<{ message: string; shop: Shop }>("/shop/update-shop", form);
}

/**
 * Spec §4 "store update refreshes the shop": the new shop goes into the cache at once (so the
 * branding variables change without a reload), is kept locally for the next first paint, and
 * every shop read is refetched.
 */
export function useUpdateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShop,
    onSuccess: ({ shop }) => {
      queryClient.setQueryData(sessionKeys.myShop(), shop);
      rememberShopBranding(shop.id, shop);
      rememberMerchantBranding(shop);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.myShop() });
      void queryClient.invalidateQueries({ queryKey: ["shops"] });
      void queryClient.invalidateQueries({ queryKey: ["storefront"] });
    },
  });
}

/**
 * A settings document read with GET and replaced whole with PUT at the same path; the saved
 * answer becomes the cached one, so the form starts again from what the server kept.
 */
function useSettingsQuery<Settings>(queryKey: readonly string[], path: string, enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<Settings>(path, { signal }),
    enabled,
  });
}

function useSettingsUpdate<Settings>(queryKey: readonly string[], path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Settings) => api.put<Settings>(path, input),
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}

const reminderKey = ["shop", "email-settings"] as const;

/** GET /shop/email-settings (owner): how many days before a renewal members are reminded. */
export const useReminderLeadDays = (enabled: boolean) =>
  useSettingsQuery<ReminderLeadDays>(reminderKey, "/shop/email-settings", enabled);

/** PUT /shop/email-settings { yearlyReminderDays, monthlyReminderDays }. */
export const useUpdateReminderLeadDays = () =>
  useSettingsUpdate<ReminderLeadDays>(reminderKey, "/shop/email-settings");

const notificationsKey = ["user", "email-notifications"] as const;

/** GET /user/email-notifications: the signed-in owner's or staff member's own e-mail choices. */
export const useEmailNotifications = (enabled: boolean) =>
  useSettingsQuery<MerchantEmailPreferences>(
    notificationsKey,
    "/user/email-notifications",
    enabled,
  );

/** PUT /user/email-notifications { newMember, failedPayment, refund, digest }. */
export const useUpdateEmailNotifications = () =>
  useSettingsUpdate<MerchantEmailPreferences>(notificationsKey, "/user/email-notifications");
