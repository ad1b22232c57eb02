import type { ComponentType, ReactNode } from "react";
import { PageLoader } from "@/components/page-loader";
import { useSection } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { authSection } from "../catalogue";

/**
 * The sign-in pages' words (the "auth" section) in the page's language before the page shows:
 * a visitor who chose Español never sees the form in English first.
 */
export function AuthWords({ children }: { children: ReactNode }) {
  const { locale } = useT();
  return useSection(authSection, locale) ? children : <PageLoader />;
}

/** A page that waits for the sign-in pages' words. */
export function withAuthWords<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithAuthWords(props: P) {
    return (
      <AuthWords>
        <Page {...props} />
      </AuthWords>
    );
  }
  WithAuthWords.displayName = `WithAuthWords(${Page.displayName ?? Page.name})`;
  return WithAuthWords;
}
