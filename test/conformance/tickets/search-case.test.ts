// Ticket search matches title and description case-insensitively in any script, not only ASCII
// (docs/api/submissions.md#choices-we-made): a French or German player's words match whatever their case.
import { beforeAll, describe, expect, it } from 'vitest';
import { serveFile, server } from '../../helpers/file-server.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';

serveFile();
const owner = `Bearer ${PATS.owner}`;

async function titles(query: string): Promise<string[]> {
  const r = await server.request(
    'GET',
    `/projects/${PROJECT_ID}/tickets/search.json?query=${encodeURIComponent(query)}`,
    {
      auth: owner,
    },
  );
  expect(r.status).toBe(200);
  return r.body.map((t: { title: string }) => t.title).sort();
}

beforeAll(async () => {
  for (const [title, description] of [
    ['Écran noir', 'Écran noir au démarrage'],
    ['Straße fehlt', 'Die Karte zeigt keine STRASSE mehr'],
    ['Ошибка входа', 'Не могу войти в игру'],
  ]) {
    const r = await server.request('POST', `/projects/${PROJECT_ID}/tickets.json`, {
      auth: owner,
      json: { ticket: { title, description } },
    });
    expect(r.status).toBe(201);
  }
});

describe('ticket search across scripts', () => {
  it('matches accented and Cyrillic letters whatever their case', async () => {
    expect(await titles('écran')).toEqual(['Écran noir']);
    expect(await titles('ÉCRAN NOIR')).toEqual(['Écran noir']);
    expect(await titles('ошибка')).toEqual(['Ошибка входа']);
    expect(await titles('ВОЙТИ')).toEqual(['Ошибка входа']);
  });

  it('still tells apart letters that differ by more than case', async () => {
    expect(await titles('ecran')).toEqual([]);
    expect(await titles('straße')).toEqual(['Straße fehlt']);
  });
});
