// Playtime sessions: created on load with key=value tags, updated every five minutes (the
// heartbeat docs/api/playtime.md expects) and once more on pagehide with a keepalive request. Never throws.

const FIVE_MINUTES = 5 * 60 * 1000;

export interface PlaytimeConfig {
  endpoint: string;
  projectId: string;
  token: string;
  tags: Record<string, string>;
}

export function startPlaytime(c: PlaytimeConfig): void {
  const base = `${c.endpoint}/projects/${encodeURIComponent(c.projectId)}/playtime_sessions`;
  const headers = {
    Authorization: `FormUser ${c.token}`,
    'Service-Project-ID': c.projectId,
    Accept: 'application/json',
  };
  let id: string | undefined;
  const body = new URLSearchParams();
  const tags = Object.entries(c.tags).filter(([, v]) => v !== undefined && v !== '');
  body.set('playtime_session[tags]', tags.map(([k, v]) => `${k}=${v}`).join(','));
  for (const [k, v] of tags) if (k !== 'tags') body.set(`playtime_session[${k}]`, v);
  fetch(`${base}.json`, { method: 'POST', headers, body })
    .then((r) => (r.ok ? r.json() : undefined))
    .then(
      (j: { id?: string } | undefined) => {
        id = j?.id;
      },
      () => {},
    );
  const beat = (keepalive: boolean) => {
    if (id) fetch(`${base}/${encodeURIComponent(id)}.json`, { method: 'PUT', headers, keepalive }).catch(() => {});
  };
  setInterval(() => beat(false), FIVE_MINUTES);
  addEventListener('pagehide', () => beat(true));
}
