// The signed-in state of this browser tab: the personal access token lives in sessionStorage
// (gone when the tab closes), never in localStorage or a cookie.
const TOKEN_KEY = 'glitchbox.inbox.token';

export function loadToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage refused (private mode): the token lives only in memory */
  }
}
