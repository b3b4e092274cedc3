// Feature-request search keeps its typo vocabulary in memory (docs/api/search.md#feature-request-search-vocabulary):
// a request made after the first search is found by a misspelled word, and a reset forgets the old words.
import { describe, expect, it } from 'vitest';
import { PATS, PROJECT_ID, TOKENS } from '../../helpers/seed.ts';
import { seed, serveFeatureRequests, server } from './fixtures.ts';

serveFeatureRequests();

const create = (title: string) =>
  server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
    auth: `Bearer ${PATS.developer}`,
    json: { feature_request: { title, description: `${title}, it would make the game better.` } },
  });
const titles = async (query: string) => {
  const res = await server.request(
    'GET',
    `/projects/${PROJECT_ID}/feature_requests/search.json?query=${encodeURIComponent(query)}`,
    { auth: `FormUser ${TOKENS.all}` },
  );
  expect(res.status).toBe(200);
  return res.body.feature_requests.map((r: { title: string }) => r.title);
};

describe('the feature-request search vocabulary', () => {
  it('finds a request made after the first search by a misspelled word', async () => {
    expect((await create('Add a photo mode')).status).toBe(201);
    expect(await titles('photo mode')).toEqual(['Add a photo mode']);
    expect((await create('A hyperspace radio station')).status).toBe(201);
    expect(await titles('hyperspce radio')).toEqual(['A hyperspace radio station']);
  });

  it('forgets the words of a reset database', async () => {
    await server.request('POST', '/__admin/reset');
    await server.fixtures(seed());
    expect((await create('Colourblind palettes for the map')).status).toBe(201);
    expect(await titles('hyperspce radio')).toEqual([]);
    expect(await titles('colorblind palletes')).toEqual(['Colourblind palettes for the map']);
  });
});
