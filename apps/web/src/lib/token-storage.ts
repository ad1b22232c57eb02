/** The session (bearer) token, kept in localStorage under "token" (spec: stored locally). */
export const TOKEN_STORAGE_KEY = "token";

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage blocked: the session lasts for this page only.
  }
}

export function removeToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored to remove.
  }
}

export function hasToken(): boolean {
  return getToken() !== null;
}
