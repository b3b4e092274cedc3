// The issue list's remembered answers (db/answer-cache.ts) and ETags, on a database file over real HTTP: a
// repeated list is the same bytes with the same ETag (304 to If-None-Match), and nothing stale is ever served:
// not after a write over the API, not after a write by another connection (as the job thread makes), not to a
// viewer who may see less, not to a token that lost its right to list, not after a reset.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PATS } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { BIG, create, DESCRIPTION, ISSUES, issueSeed } from './fixtures.ts';
import { describeLocal } from '../../helpers/local-only.ts';

let dir: string;
let server: TestServer;
/** A second connection to the server's database file, as the job thread holds. */
let other: Database.Database;
const DEV = `Bearer ${PATS.developer}`;
const LIST = `${ISSUES}.json?status=open&per_page=50`;

async function raw(path: string, auth: string, headers: Record<string, string> = {}) {
  return fetch(server.url + path, {
    headers: { Authorization: auth, 'Service-Project-ID': 'pr-1001', Accept: 'application/json', ...headers },
  });
}

const titles = async (auth: string, path = LIST) =>
  ((await (await raw(path, auth)).json()) as { issues: { title: string }[] }).issues.map((i) => i.title).sort();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-list-answers-'));
  server = await startTestServer({ db: join(dir, 'server.db'), storageDir: join(dir, 'storage'), seed: issueSeed() });
  other = new Database(join(dir, 'server.db'));
  other.pragma('busy_timeout = 5000');
  for (const title of ['First crash', 'Second crash'])
    expect((await create(server, { title, description: DESCRIPTION })).status).toBe(201);
});
afterAll(async () => {
  other.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describeLocal('a repeated list', "opens the server's database file beside it", () => {
  it('answers the same bytes and ETag, and 304 with no body to If-None-Match', async () => {
    const first = await raw(LIST, DEV);
    const second = await raw(LIST, DEV);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await second.text()).toBe(await first.text());

    const revalidated = await raw(LIST, DEV, { 'If-None-Match': `W/${etag}, "something-else"` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    expect((await raw(LIST, DEV, { 'If-None-Match': '"an-old-list"' })).status).toBe(200);
  });

  it('shows an issue created over the API at once, under a new ETag', async () => {
    const before = await raw(LIST, DEV);
    const etag = before.headers.get('etag')!;
    await before.arrayBuffer();
    expect((await create(server, { title: 'Third crash', description: DESCRIPTION })).status).toBe(201);
    const after = await raw(LIST, DEV, { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const body = (await after.json()) as { issues: { title: string }[]; pagination: { total_count: number } };
    expect(body.issues.map((i) => i.title)).toContain('Third crash');
    expect(body.pagination.total_count).toBe(3);
  });

  it('shows a write committed by another connection (the job thread) at once', async () => {
    expect(await titles(DEV)).toContain('First crash');
    other.prepare("UPDATE issues SET title = 'First crash, renamed by a job' WHERE title = 'First crash'").run();
    expect(await titles(DEV)).toContain('First crash, renamed by a job');
    expect(await titles(DEV)).not.toContain('First crash');
  });

  it('is remembered per viewer: a player never gets what the team was answered', async () => {
    other.prepare("UPDATE issues SET status = 'pending_moderation' WHERE title = 'Second crash'").run();
    const any = `${ISSUES}.json?status=any&per_page=50`;
    expect(await titles(DEV, any)).toContain('Second crash');
    expect(await titles(BIG, any)).not.toContain('Second crash');
    const team = (await (await raw(any, DEV)).json()) as { issues: { reported_by: unknown }[] };
    const player = (await (await raw(any, BIG)).json()) as { issues: { reported_by: unknown }[] };
    expect(team.issues.length).toBe(player.issues.length + 1);
    for (const issue of player.issues) expect(issue.reported_by).toEqual({ id: null, name: null });
    // The team's answer is still its own after the player's.
    expect(await titles(DEV, any)).toContain('Second crash');
  });

  it('checks the right to list on every request, remembered answer or not', async () => {
    expect((await raw(LIST, BIG)).status).toBe(200);
    expect((await raw(LIST, BIG)).status).toBe(200);
    other
      .prepare("UPDATE project_tokens SET flags = json_set(flags, '$.can_list_issues', json('false')) WHERE token = ?")
      .run('tkn-issues');
    const refused = await raw(LIST, BIG);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    other
      .prepare("UPDATE project_tokens SET flags = json_set(flags, '$.can_list_issues', json('true')) WHERE token = ?")
      .run('tkn-issues');
  });

  it('starts afresh after /__admin/reset', async () => {
    expect((await titles(DEV)).length).toBeGreaterThan(0);
    const reset = await server.request('POST', '/__admin/reset', { json: {} });
    expect(reset.status).toBeLessThan(300);
    await server.fixtures(issueSeed());
    expect(await titles(DEV)).toEqual([]);
  });

  it('remembers nothing with the cache off, yet still answers ETags and 304', async () => {
    const plain = await startTestServer({ answerCache: false, seed: issueSeed() });
    try {
      const first = await fetch(`${plain.url}${LIST}`, { headers: { Authorization: DEV } });
      const etag = first.headers.get('etag')!;
      await first.arrayBuffer();
      const again = await fetch(`${plain.url}${LIST}`, { headers: { Authorization: DEV, 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      expect(plain.deps.answers.stats()).toMatchObject({ hits: 0, entries: 0 });
    } finally {
      await plain.close();
    }
  });
});
