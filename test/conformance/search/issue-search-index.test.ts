// The issue search index over time (docs/api/search.md#how-search-works): it follows creates made through the API
// (raw ones left out) and edited titles, and /__admin/reset forgets the old index, vocabulary and vectors.
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.ts';
import { PROJECT_ID, seedDocument, TOKENS } from '../../helpers/seed.ts';
import { dev, ids, SEARCH, search, serveIssueSearch, server, titles } from './fixtures.ts';

serveIssueSearch();

describe('the index follows writes', () => {
  it('finds an issue created through the API, and not a raw one', async () => {
    const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: {
          title: 'Zeppelin wobbles in the hangar',
          description: 'The zeppelin shakes after landing in the hangar.',
        },
      },
    });
    expect(created.status).toBe(201);
    const raw = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
      auth: `FormUser ${TOKENS.all}`,
      json: {
        issue: { title: 'Zeppelin telemetry', description: 'Zeppelin frame timings from the client.', raw: true },
      },
    });
    expect(raw.status).toBe(201);
    expect(titles((await search('query=zepelin')).body)).toEqual(['Zeppelin wobbles in the hangar']);
  });

  it('follows an edited title: the new words match, the old ones no longer do', async () => {
    const { scoped_id } = ids.inDescription;
    const r = await server.request('PATCH', `/projects/${PROJECT_ID}/issues/${scoped_id}.json`, {
      auth: dev,
      json: { issue: { title: 'Magma fountain glows', description: 'Too bright at dusk.' } },
    });
    expect(r.status).toBe(200);
    expect(titles((await search('query=magma')).body)).toEqual(['Magma fountain glows']);
    expect(titles((await search('query=bloom')).body)).toEqual(['Bloom too strong near stations']);
  });
});

describe('after /__admin/reset', () => {
  it('forgets the old index, vocabulary and vectors, and serves the new fixtures', async () => {
    const local = await startTestServer({
      seed: seedDocument({
        project: {
          issues: [{ title: 'Walrus statue floats', description: 'The walrus statue hovers above the plaza.' }],
        },
      }),
    });
    try {
      expect(titles((await local.request('GET', `${SEARCH}?query=walrus`, { auth: dev })).body)).toEqual([
        'Walrus statue floats',
      ]);
      expect((await local.request('POST', '/__admin/reset')).status).toBe(200);
      await local.fixtures(
        seedDocument({
          project: {
            issues: [
              { title: 'Penguin statue sinks', description: 'The penguin statue sinks into the plaza.' },
              { title: 'Penguin wobble', description: 'Penguins wobble.' },
            ],
          },
        }),
      );
      expect(titles((await local.request('GET', `${SEARCH}?query=walrus`, { auth: dev })).body)).toEqual([]);
      expect(titles((await local.request('GET', `${SEARCH}?query=pengiun`, { auth: dev })).body).sort()).toEqual([
        'Penguin statue sinks',
        'Penguin wobble',
      ]);
      const similar = await local.request('GET', `/projects/${PROJECT_ID}/issues/1/find_similar.json`, { auth: dev });
      expect(similar.body.issues.map((i: { title: string }) => i.title)).toEqual(['Penguin wobble']);
    } finally {
      await local.close();
    }
  });
});
