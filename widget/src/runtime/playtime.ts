// Playtime sessions: one per page load unless the game turned them off, created with key=value tags (the release,
// the locale and the game's own), updated every five minutes (the heartbeat docs/api/playtime.md expects) and once
// more on pagehide with a keepalive request. Never throws.
import type { ResolvedOptions } from './options.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

export function startPlaytime(o: ResolvedOptions): void {
  if (o.playtime === false) return;
  const base = `${o.endpoint}/projects/${encodeURIComponent(o.projectId)}/playtime_sessions`;
  const headers = {
    Authorization: `FormUser ${o.token}`,
    'Service-Project-ID': o.projectId,
    Accept: 'application/json',
  };
  const tags = Object.entries({ release: o.release, locale: o.locale, ...o.playtime?.tags }).filter(
    (tag): tag is [string, string] => !!tag[1],
  );
  // Each tag also as a field of its own, which carries a value holding `,` or `=` exactly.
  const body = new URLSearchParams(tags.map(([k, v]) => [`playtime_session[${k}]`, v]));
  body.set('playtime_session[tags]', tags.map((t) => t.join('=')).join(','));
  let id: string | undefined;
  fetch(`${base}.json`, { method: 'POST', headers, body })
    .then((r) => r.json())
    .then((j: { id?: string }) => {
      id = j.id;
    })
    .catch(() => {});
  const beat = (keepalive: boolean) =>
    id && fetch(`${base}/${encodeURIComponent(id)}.json`, { method: 'PUT', headers, keepalive }).catch(() => {});
  setInterval(beat, FIVE_MINUTES, false);
  addEventListener('pagehide', () => beat(true));
}
