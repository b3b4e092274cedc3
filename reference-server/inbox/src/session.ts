// The signed-in state of this browser tab: the personal access token lives in sessionStorage
// (gone when the tab closes), never in localStorage or a cookie; beside it, who the token belonged to.
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

const WHO_KEY = 'glitchbox.inbox.who';

/** Who the kept token belonged to at its last check, so a reload paints at once while the check runs again. */
export function loadWho<T>(): T | null {
  try {
    const text = sessionStorage.getItem(WHO_KEY);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function saveWho(who: unknown): void {
  try {
    if (who) sessionStorage.setItem(WHO_KEY, JSON.stringify(who));
    else sessionStorage.removeItem(WHO_KEY);
  } catch {
    /* storage refused: the next load checks before painting */
  }
}
