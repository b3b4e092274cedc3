// Sign-in with a personal access token, checked through POST /auth/verify before it is kept.
import { useState } from 'preact/hooks';
import { createApi } from './api.ts';
import { errorText } from './format.ts';
import type { VerifyResponse } from './types.ts';

const NEEDS_PAT = 'The inbox signs in with a personal access token (pat-…) of a project team member.';

/** Verifies a token; answers the user, or throws an Error whose message the page shows. */
export async function verifyToken(token: string): Promise<VerifyResponse> {
  if (/^tkn-/.test(token)) throw new Error(`This is a project token (tkn-…), made for game clients. ${NEEDS_PAT}`);
  const verdict = await createApi(token, null).send<VerifyResponse>('POST', '/auth/verify');
  if (!verdict.valid) {
    const reason = (verdict.error ?? 'unknown token').replace(/\.+$/, '');
    throw new Error(`This token was not accepted (${reason}). Check it and sign in again. ${NEEDS_PAT}`);
  }
  if (verdict.token_type !== 'personal_access_token')
    throw new Error(`This is a ${verdict.token_type?.replace(/_/g, ' ') ?? 'different'} credential. ${NEEDS_PAT}`);
  return verdict;
}

export function SignIn(props: { initialError?: string; onSignedIn(token: string, me: VerifyResponse): void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState(props.initialError ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) return setError('Enter a personal access token.');
    setBusy(true);
    setError('');
    try {
      props.onSignedIn(value, await verifyToken(value));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in" tabIndex={-1}>
      <h1>Glitchbox QA inbox</h1>
      <p>
        See what players reported: screenshots, logs, debug traces, videos and the emails the service would have sent.
      </p>
      <form onSubmit={submit} aria-describedby="token-help" noValidate>
        <label for="token">Personal access token</label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="off"
          spellcheck={false}
          value={token}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'token-error' : undefined}
          onInput={(e) => setToken((e.target as HTMLInputElement).value)}
        />
        <p id="token-help" class="hint">
          Kept in this tab's session storage only. Under <code>npm start</code> the demo developer token is{' '}
          <code>pat-demo-developer</code>.
        </p>
        {error && (
          <p id="token-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
