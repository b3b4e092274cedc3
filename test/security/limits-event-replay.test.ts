// The event stream's replay is bounded: it reads pages, sends at most REPLAY_CAP reports per
// connection (the client reconnects with Last-Event-ID to go on), and a client that stops reading
// is dropped instead of having the whole replay buffered for it.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replayPageSql } from '../../reference-server/src/areas/events/repository.ts';
import { REPLAY_CAP } from '../../reference-server/src/areas/events/stream.ts';
import { insertTestIssue } from '../helpers/media.ts';
import { PATS, PROJECT_ID } from '../helpers/seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** Inserts `count` issues in one transaction, `titleBytes` long each, one millisecond apart. */
function manyIssues(count: number, titleBytes = 40): void {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  server.deps.db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const at = new Date(start + Math.floor(i / 3)).toISOString(); // three share each millisecond
      const title = `#${i} ${'x'.repeat(titleBytes)}`;
      insertTestIssue(server, {
        title,
        description: 'A report for the replay.',
        priority: 'low',
        created_at: at,
        updated_at: at,
      });
    }
  })();
}

function open(
  headers: Record<string, string> = {},
  query = 'since=1970-01-01T00:00:00.000Z&replay=issue',
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}/projects/${PROJECT_ID}/events?${query}`,
      { headers: { Authorization: `Bearer ${PATS.owner}`, Accept: 'text/event-stream', ...headers } },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

interface Sse {
  event: string;
  id?: string;
  data: any;
}

/** Reads events until `stop` says so or the server ends the stream. */
async function read(
  res: IncomingMessage,
  stop: (events: Sse[]) => boolean = () => false,
): Promise<{ events: Sse[]; ended: boolean }> {
  const events: Sse[] = [];
  let buffer = '';
  res.setEncoding('utf8');
  return new Promise((resolve) => {
    const finish = (ended: boolean) => {
      res.removeAllListeners('data');
      resolve({ events, ended });
    };
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let cut = buffer.indexOf('\n\n'); cut !== -1; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const event = field('event');
        if (event) events.push({ event, id: field('id'), data: JSON.parse(field('data') ?? 'null') });
      }
      if (stop(events)) {
        res.destroy();
        finish(false);
      }
    });
    res.on('end', () => finish(true));
    res.on('close', () => finish(true));
  });
}

describe('replay', () => {
  it(`sends at most ${REPLAY_CAP} reports, ends, and goes on from Last-Event-ID without loss or repeat`, async () => {
    const total = REPLAY_CAP + 321;
    manyIssues(total);
    const first = await read(await open());
    const replayed = first.events.filter((e) => e.event.startsWith('report.'));
    expect(replayed).toHaveLength(REPLAY_CAP);
    expect(first.events.at(-1)).toMatchObject({ event: 'replay.done', data: { replayed: REPLAY_CAP, more: true } });
    expect(first.ended).toBe(true);

    const second = await read(await open({ 'Last-Event-ID': replayed.at(-1)!.id! }), (got) =>
      got.some((e) => e.event === 'replay.done'),
    );
    const rest = second.events.filter((e) => e.event.startsWith('report.'));
    expect(second.events.at(-1)).toMatchObject({ event: 'replay.done', data: { replayed: rest.length } });
    const titles = [...replayed, ...rest]
      .map((e) => e.data.title.split(' ')[0])
      .filter((t: string) => t.startsWith('#'));
    expect(new Set(titles).size).toBe(total);
    expect(titles).toHaveLength(total);
  });

  it('keeps the server answering other requests while many replays run', async () => {
    manyIssues(REPLAY_CAP * 3);
    const streams = await Promise.all(Array.from({ length: 10 }, () => open()));
    const reading = streams.map((res) => read(res));
    const started = performance.now();
    const answer = await fetch(`${server.url}/projects/${PROJECT_ID}.json`, {
      headers: { Authorization: `Bearer ${PATS.owner}` },
    });
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    for (const { events } of await Promise.all(reading))
      expect(events.filter((e) => e.event.startsWith('report.')).length).toBeLessThanOrEqual(REPLAY_CAP);
  });
});

describe('a client that stops reading', () => {
  it('is dropped (connection cut, replay unfinished) instead of having the replay buffered', async () => {
    manyIssues(REPLAY_CAP, 32 * 1024); // about 32 MB of events: more than the socket buffers hold
    const res = await open();
    res.pause(); // reads nothing for a while
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    res.resume();
    const { events, ended } = await read(res, (got) => got.some((e) => e.event === 'replay.done'));
    expect(ended).toBe(true);
    expect(events.some((e) => e.event === 'replay.done')).toBe(false);
    expect(events.filter((e) => e.event.startsWith('report.')).length).toBeLessThan(REPLAY_CAP);
    // And the server still answers.
    expect(
      (await fetch(`${server.url}/projects/${PROJECT_ID}.json`, { headers: { Authorization: `Bearer ${PATS.owner}` } }))
        .status,
    ).toBe(200);
  }, 30_000);
});

describe('a replay page', () => {
  it("seeks its kind's (project_id, updated_at, id) index to the cursor instead of rescanning or sorting", () => {
    for (const kind of ['issue', 'feature_request', 'ticket'] as const) {
      const plan = server.deps.db
        .prepare(`EXPLAIN QUERY PLAN ${replayPageSql(kind)}`)
        .all(1, '2026-01-01T00:00:00.000Z', 0, 250)
        .map((row) => (row as { detail: string }).detail)
        .join('\n');
      expect(plan, kind).toMatch(/USING (COVERING )?INDEX \w+_project_updated \(project_id=\? AND updated_at>\?\)/);
      expect(plan, kind).not.toMatch(/TEMP B-TREE/);
    }
  });
});
