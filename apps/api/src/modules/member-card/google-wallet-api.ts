import { importPKCS8, SignJWT } from "jose";

/**
 * The Google Wallet REST API, as far as the member card needs it: a service-account access token
 * (OAuth 2.0 JWT bearer grant at the key file's `token_uri`) and a PATCH of a loyalty object.
 */

export type ServiceAccount = { client_email: string; private_key: string; token_uri?: string };

const SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const DEFAULT_TOKEN_URI = "https://oauth2.googleapis.com/token";
/** A token is renewed a minute before Google says it expires. */
const EARLY_MS = 60_000;
const TIMEOUT_MS = 10_000;

export type GoogleWalletApi = {
  /** Updates a saved card; false when nobody has saved it (Google answers 404). */
  patchLoyaltyObject(object: { id: string } & Record<string, unknown>): Promise<boolean>;
};

export function createGoogleWalletApi(options: {
  account: () => ServiceAccount;
  apiUrl: string;
}): GoogleWalletApi {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const account = options.account();
    const tokenUri = account.token_uri ?? DEFAULT_TOKEN_URI;
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(account.client_email)
      .setAudience(tokenUri)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(await importPKCS8(account.private_key, "RS256"));
    const res = await fetch(tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Google token endpoint answered ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error("Google token endpoint sent no access token");
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs - EARLY_MS };
    return token.value;
  }

  return {
    async patchLoyaltyObject(object) {
      const url = `${options.apiUrl}/walletobjects/v1/loyaltyObject/${encodeURIComponent(object.id)}`;
      const res = await fetch(url, {
        method: "PATCH",
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(object),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.status === 404) return false;
      // A token revoked early: ask for a new one next time.
      if (res.status === 401) token = null;
      if (!res.ok) throw new Error(`Google Wallet answered ${res.status} to a card update`);
      return true;
    },
  };
}
