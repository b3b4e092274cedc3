// Rules that need no server: the one classification of network results, backoff with jitter, and
// a full outbox refusing a report loudly instead of dropping it.
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  classify,
  createMemoryOutbox,
  createReporter,
  OutboxQuotaError,
  parseRetryAfter,
} from '../../widget/src/core/index.ts';
import { seeded } from './helpers.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('classify', () => {
  it('sorts every result into sent, offline, retry or rejected', async () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(await classify(json(201, { id: 1 }), now)).toMatchObject({ kind: 'sent', status: 201, body: { id: 1 } });
    expect(await classify(new TypeError('fetch failed'), now)).toEqual({
      kind: 'offline',
      error: 'TypeError: fetch failed',
    });
    expect(await classify(new DOMException('aborted', 'TimeoutError'), now)).toMatchObject({ kind: 'offline' });
    for (const status of [408, 429, 500, 502, 503, 504])
      expect((await classify(json(status, { error: 'busy' }), now)).kind).toBe('retry');
    expect(await classify(json(503, { error: 'busy' }, { 'retry-after': '30' }), now)).toEqual({
      kind: 'retry',
      status: 503,
      error: 'busy',
      retryAfterMs: 30_000,
    });
    expect(await classify(json(422, { error: 'Description is too short.', status: 'invalid' }), now)).toMatchObject({
      kind: 'rejected',
      status: 422,
      error: 'Description is too short.',
    });
    expect(await classify(new Response('<html>Bad gateway</html>', { status: 403 }), now)).toMatchObject({
      kind: 'rejected',
      error: '<html>Bad gateway</html>',
    });
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores nonsense', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles up to the ceiling with jitter in the upper half, and never undercuts Retry-After', () => {
    const policy = { baseMs: 1000, maxMs: 60_000 };
    const random = seeded(1);
    for (let attempt = 0; attempt < 12; attempt++) {
      const ceiling = Math.min(60_000, 1000 * 2 ** attempt);
      const delay = backoffDelay(attempt, policy, random);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
    expect(backoffDelay(0, policy, () => 0.5, 90_000)).toBe(90_000);
    const spread = new Set(Array.from({ length: 20 }, () => backoffDelay(3, policy, random)));
    expect(spread.size).toBeGreaterThan(15); // jittered: clients do not retry in lockstep
  });
});

describe('outbox quota', () => {
  it('rejects submit with OutboxQuotaError and keeps what was stored before', async () => {
    const outbox = createMemoryOutbox({ quotaBytes: 10_000 });
    const reporter = createReporter({ endpoint: 'http://127.0.0.1:9', projectId: 'pr-1', token: 'tkn-x', outbox });
    await reporter.submit({
      kind: 'bug',
      description: 'first',
      attachments: [{ kind: 'log_file', name: 'a.log', contentType: 'text/plain', data: new Uint8Array(8_000) }],
    });
    await expect(
      reporter.submit({
        kind: 'bug',
        description: 'second',
        attachments: [{ kind: 'log_file', name: 'b.log', contentType: 'text/plain', data: new Uint8Array(8_000) }],
      }),
    ).rejects.toBeInstanceOf(OutboxQuotaError);
    expect(await reporter.usage()).toEqual({ reports: 1, bytes: 8_000 });
  });

  it('refuses malformed input before anything is stored', async () => {
    const outbox = createMemoryOutbox();
    const reporter = createReporter({ endpoint: 'http://127.0.0.1:9', projectId: 'pr-1', token: 'tkn-x', outbox });
    await expect(reporter.submit({ kind: 'bug', description: '  ' })).rejects.toThrow('report description is required');
    await expect(reporter.submit({ kind: 'crash' as 'bug', description: 'x' })).rejects.toThrow(
      /bug, suggestion or ticket/,
    );
    expect(await reporter.usage()).toEqual({ reports: 0, bytes: 0 });
  });
});

describe('submit with a given id', () => {
  it('stores the report under that id once: a second submit with the id keeps the first record as it is', async () => {
    const outbox = createMemoryOutbox();
    const reporter = createReporter({ endpoint: 'http://127.0.0.1:9', projectId: 'pr-1', token: 'tkn-x', outbox });
    const id = '6f9c1a52-6d4e-4f0e-9d8a-0c7b3f1e2a11';
    expect(await reporter.submit({ kind: 'bug', description: 'kept by the loader' }, id)).toEqual({ id });
    expect(await reporter.submit({ kind: 'bug', description: 'adopted again after a crash' }, id)).toEqual({ id });
    const stored = await outbox.list();
    expect(stored.map((r) => [r.id, r.fields.description])).toEqual([[id, 'kept by the loader']]);
    reporter.stop();
  });
});
