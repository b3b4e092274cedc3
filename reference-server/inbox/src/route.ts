// Hash routes of the page, so every view has a link and the server serves one file:
// #/ (projects), #/p/{pid} (reports), #/p/{pid}/{kind}/{id} (one report), #/p/{pid}/notifications.
import { useEffect, useState } from 'preact/hooks';
import type { ReportKind } from '../../../widget/src/protocol/events.ts';

export type Route =
  | { view: 'home' }
  | { view: 'reports'; projectId: string; kind?: ReportKind; id?: string }
  | { view: 'notifications'; projectId: string };

const KINDS: readonly string[] = ['issue', 'feature_request', 'ticket'];

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== 'p' || !parts[1]) return { view: 'home' };
  const projectId = parts[1];
  if (parts[2] === 'notifications') return { view: 'notifications', projectId };
  if (parts[2] && KINDS.includes(parts[2]) && parts[3])
    return { view: 'reports', projectId, kind: parts[2] as ReportKind, id: parts[3] };
  return { view: 'reports', projectId };
}

export function toHash(route: Route): string {
  if (route.view === 'home') return '#/';
  const base = `#/p/${encodeURIComponent(route.projectId)}`;
  if (route.view === 'notifications') return `${base}/notifications`;
  return route.kind && route.id ? `${base}/${route.kind}/${encodeURIComponent(route.id)}` : base;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function navigate(route: Route): void {
  location.hash = toHash(route);
}
