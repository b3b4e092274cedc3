// The report event stream (extension GET /projects/{pid}/events) and the /inbox route: live
// events for issues, feature requests, tickets and attachments, replay, refusals, page serving.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inboxRoutes } from '../../../reference-server/src/areas/inbox/routes.ts';
import { ReportEvent } from '../../../widget/src/protocol/events.ts';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { serveFile, server } from '../../helpers/file-server.ts';

serveFile();

const EVENTS = `/projects/${PROJECT_ID}/events`;
const TOKEN = `FormUser ${TOKENS.all}`;

interface Received {
  event: string;
  id?: string;
  data: any;
}

/** Opens the stream and collects events until `until` holds (or 4 s pass), then disconnects. */
async function follow(
  path: string,
  until: (events: Received[]) => boolean,
  during?: () => Promise<unknown>,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const response = await fetch(server.url + path, {
    headers: { Authorization: `Bearer ${PATS.developer}`, 'Service-Project-ID': PROJECT_ID, ...headers },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: Received[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let started = false;
  const deadline = Date.now() + 4000;
  try {
    while (!until(events) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) break;
      buffer += chunk.value;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        if (!field('event')) continue;
        events.push({ event: field('event')!, id: field('id'), data: JSON.parse(field('data') ?? 'null') });
      }
      if (!started && events.some((e) => e.event === 'ready')) {
        started = true;
        await during?.();
      }
    }
  } finally {
    controller.abort();
  }
  return events.filter((e) => e.event !== 'ready');
}

const reports = (events: Received[]) =>
  events.filter((e) => e.event.startsWith('report.')).map((e) => ReportEvent.parse(e.data));

describe('GET /projects/{pid}/events', () => {
  it('streams report.created for a new issue, feature request and ticket, report.updated for a change', async () => {
    let issueId = 0;
    const events = await follow(
      EVENTS,
      (got) =>
        reports(got).filter((e) => e.type === 'report.created').length >= 3 &&
        reports(got).some((e) => e.type === 'report.updated'),
      async () => {
        const issue = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
          auth: TOKEN,
          json: { issue: { title: 'Hull breach', description: 'The hull breaches on wave 3 every time' } },
        });
        issueId = issue.body.id;
        await server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
          auth: TOKEN,
          json: { feature_request: { description: 'Let me rebind the boost key please' } },
        });
        await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, {
          auth: `${TOKEN},email:pilot@players.test`,
          json: { ticket: { description: 'My save vanished after the update' } },
        });
        await server.request('PATCH', `/projects/${PROJECT_ID}/issues/g-${issueId}.json`, {
          auth: `Bearer ${PATS.developer}`,
          json: { issue: { status: 'in_progress' } },
        });
      },
    );
    const seen = reports(events);
    expect(
      seen
        .filter((e) => e.type === 'report.created')
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['feature_request', 'issue', 'ticket']);
    expect(seen.find((e) => e.kind === 'issue' && e.type === 'report.created')).toMatchObject({
      path_id: `g-${issueId}`,
      title: 'Hull breach',
      status: 'open',
      replayed: false,
    });
    expect(seen.find((e) => e.type === 'report.updated')).toMatchObject({
      kind: 'issue',
      path_id: `g-${issueId}`,
      status: 'in_progress',
    });
    expect(events.find((e) => e.event === 'report.created')!.id).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('announces a new attachment as an update of its issue', async () => {
    const issue = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: TOKEN,
      json: { issue: { description: 'Clipping through the station dock' } },
    });
    const events = await follow(
      EVENTS,
      (got) => reports(got).length > 0,
      () => {
        const form = new FormData();
        form.append('log_file[file]', new File(['boot ok\ncollider overlap\n'], 'player.log', { type: 'text/plain' }));
        return server.request('POST', `/projects/${PROJECT_ID}/issues/g-${issue.body.id}/log_files`, {
          auth: TOKEN,
          multipart: form,
        });
      },
    );
    expect(reports(events)).toEqual([
      expect.objectContaining({ type: 'report.updated', kind: 'issue', path_id: `g-${issue.body.id}` }),
    ]);
  });

  it('replays the reports of the asked kinds changed since a time, then replay.done', async () => {
    const events = await follow(`${EVENTS}?since=1970-01-01T00:00:00.000Z&replay=ticket`, (got) =>
      got.some((e) => e.event === 'replay.done'),
    );
    const replayed = reports(events);
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.every((e) => e.kind === 'ticket' && e.replayed && e.type === 'report.created')).toBe(true);
    expect(events.at(-1)).toEqual({ event: 'replay.done', id: undefined, data: { replayed: replayed.length } });
  });

  it('replays from Last-Event-ID after a reconnect', async () => {
    const future = await follow(EVENTS, (got) => got.some((e) => e.event === 'replay.done'), undefined, {
      'Last-Event-ID': '2999-01-01T00:00:00.000Z',
    });
    expect(future).toEqual([{ event: 'replay.done', id: undefined, data: { replayed: 0 } }]);
  });

  it('refuses an anonymous caller with 401 and a tester with 403', async () => {
    const anonymous = await server.request('GET', EVENTS);
    expect(anonymous).toMatchObject({ status: 401, body: { error: 'You need to sign in to access this project.' } });
    const tester = await server.request('GET', EVENTS, { auth: `Bearer ${PATS.tester}` });
    expect(tester).toMatchObject({
      status: 403,
      body: { error: 'Only the project team (owner, admin, developer, support) can follow its events.' },
    });
  });

  it('answers 422 for a since that is not a time and an unknown replay kind', async () => {
    const r = await server.request('GET', `${EVENTS}?since=yesterday`, { auth: `Bearer ${PATS.developer}` });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/since must be an RFC 3339 time/);
    const kind = await server.request('GET', `${EVENTS}?replay=crash`, { auth: `Bearer ${PATS.developer}` });
    expect(kind.status).toBe(422);
    expect(kind.body.error).toMatch(/replay must list kinds among issue, feature_request, ticket \(got crash\)/);
  });
});

describe('GET /inbox', () => {
  it('answers 503 with the build command when the page is not built', async () => {
    const r = await inboxRoutes(mkdtempSync(join(tmpdir(), 'inbox-missing-'))).request('/inbox/');
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({
      error:
        'The QA inbox is not built. Run `npm run build -w reference-server` (or `npm run build:inbox -w ' +
        'reference-server`), then reload.',
    });
  });

  it('serves files, the page for its views, 404 for a missing asset, and nothing outside its directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inbox-built-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>inbox</title>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'export {}');
    writeFileSync(join(dir, '..', 'secret.txt'), 'no');
    const app = inboxRoutes(dir);
    expect((await app.request('/inbox')).headers.get('location')).toBe('/inbox/');
    const script = await app.request('/inbox/assets/app-1.js');
    expect([script.status, script.headers.get('content-type'), script.headers.get('cache-control')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
    const view = await app.request('/inbox/p/pr-1/issue/g-3');
    expect([view.status, await view.text()]).toEqual([200, '<!doctype html><title>inbox</title>']);
    expect((await app.request('/inbox/assets/gone.js')).status).toBe(404);
    expect((await app.request('/inbox/..%2Fsecret.txt')).status).toBe(404);
  });
});
