// The page shell: sign-in, the header with the project picker (none with one project) and the views, and the
// router.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createApi } from './api.ts';
import { errorText } from './format.ts';
import { HomePage, ProjectPicker, useProjects } from './projects.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { ReportsPage } from './reports-page.tsx';
import { navigate, toHash, useRoute } from './route.ts';
import { loadToken, loadWho, saveToken, saveWho } from './session.ts';
import { SignIn, verifyToken } from './sign-in.tsx';
import type { VerifyResponse } from './types.ts';

export function App() {
  const [token, setToken] = useState(loadToken);
  // Who the kept token was at its last check in this tab: the page paints with it at once while the token is
  // checked again, and signs out if the check now fails (each API call would refuse it anyway).
  const [me, setMe] = useState<VerifyResponse | null>(() => (loadToken() ? loadWho<VerifyResponse>() : null));
  const [signInError, setSignInError] = useState('');
  /** The token the sign-in form has just checked: not checked twice. */
  const checked = useRef<string | null>(null);

  useEffect(() => {
    if (!token || checked.current === token) return;
    verifyToken(token).then(
      (verdict) => {
        checked.current = token;
        saveWho(verdict);
        setMe(verdict);
      },
      (error: unknown) => {
        saveToken(null);
        saveWho(null);
        setToken(null);
        setMe(null);
        setSignInError(errorText(error));
      },
    );
  }, [token]);

  if (!token) {
    return (
      <SignIn
        initialError={signInError}
        onSignedIn={(value, verdict) => {
          checked.current = value;
          saveToken(value);
          saveWho(verdict);
          setToken(value);
          setMe(verdict);
          setSignInError('');
        }}
      />
    );
  }
  if (!me)
    return (
      <main id="main" class="sign-in">
        <p role="status">Checking your token…</p>
      </main>
    );
  const signOut = () => {
    saveToken(null);
    saveWho(null);
    setToken(null);
    setMe(null);
    navigate({ view: 'home' });
  };
  return <Shell token={token} me={me} onSignOut={signOut} />;
}

function Shell(props: { token: string; me: VerifyResponse; onSignOut(): void }) {
  const route = useRoute();
  const projectId = route.view === 'home' ? null : route.projectId;
  const accountApi = useMemo(() => createApi(props.token, null), [props.token]);
  const api = useMemo(() => createApi(props.token, projectId), [props.token, projectId]);
  const projects = useProjects(accountApi);
  const main = useRef<HTMLElement>(null);
  const skip = () => main.current?.focus();
  const only = projects.data?.length === 1 ? projects.data[0] : null;
  // With one project there is nothing to pick: its reports open at once (replacing the home entry in history).
  useEffect(() => {
    if (only && route.view === 'home')
      location.replace(`${location.pathname}${toHash({ view: 'reports', projectId: only.id })}`);
  }, [only?.id, route.view]);

  return (
    <div class="shell">
      <button type="button" class="skip-link" onClick={skip}>
        Skip to content
      </button>
      <header class="top-bar">
        <a class="brand" href={toHash({ view: 'home' })}>
          <span aria-hidden="true">▣</span> Glitchbox QA inbox
        </a>
        {only && only.id === projectId ? (
          <span class="project-name">{only.name}</span>
        ) : (
          <ProjectPicker projects={projects.data ?? []} current={projectId} />
        )}
        {projectId && (
          <nav aria-label="Views">
            <a
              href={toHash({ view: 'reports', projectId })}
              aria-current={route.view === 'reports' ? 'page' : undefined}
            >
              Reports
            </a>
            <a
              href={toHash({ view: 'notifications', projectId })}
              aria-current={route.view === 'notifications' ? 'page' : undefined}
            >
              Notifications
            </a>
          </nav>
        )}
        <span class="who">
          Signed in as <strong>{props.me.user?.name ?? props.me.user?.id ?? 'unknown'}</strong>
        </span>
        <button type="button" class="secondary" onClick={props.onSignOut}>
          Sign out
        </button>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {projects.error ? (
          <p class="error" role="alert">
            Projects could not be loaded: {errorText(projects.error)}
          </p>
        ) : null}
        {route.view === 'home' && <HomePage projects={projects.data} loading={projects.loading} />}
        {route.view === 'reports' && <ReportsPage key={route.projectId} api={api} route={route} />}
        {route.view === 'notifications' && <NotificationsPage api={accountApi} />}
      </main>
    </div>
  );
}
