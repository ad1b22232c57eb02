import english from "@tessera/shared/i18n/catalogues/en.json?compiled&section=customer";
import { defineSection } from "@/lib/i18n";

/** The customer area's words (its section of the catalogue), loaded with the area's chunk. */
export const customerSection = defineSection("customer", english, {
  es: () => import("@tessera/shared/i18n/catalogues/es.json?compiled&section=customer"),
  fr: () => import("@tessera/shared/i18n/catalogues/fr.json?compiled&section=customer"),
  de: () => import("@tessera/shared/i18n/catalogues/de.json?compiled&section=customer"),
  "pt-BR": () => import("@tessera/shared/i18n/catalogues/pt-BR.json?compiled&section=customer"),
});
