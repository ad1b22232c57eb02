import english from "@tessera/shared/i18n/catalogues/en.json?compiled&section=auth";
import { defineSection } from "@/lib/i18n";

/** The shop sign-in pages' words (sign-up, code sign-in, passwords), loaded with their chunk. */
export const authSection = defineSection("auth", english, {
  es: () => import("@tessera/shared/i18n/catalogues/es.json?compiled&section=auth"),
  fr: () => import("@tessera/shared/i18n/catalogues/fr.json?compiled&section=auth"),
  de: () => import("@tessera/shared/i18n/catalogues/de.json?compiled&section=auth"),
  "pt-BR": () => import("@tessera/shared/i18n/catalogues/pt-BR.json?compiled&section=auth"),
});
