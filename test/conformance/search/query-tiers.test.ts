// Which words an issue search requires (docs/api/search.md#how-search-works): a word in at least half the issues of a
// large project is not required by the every-word tiers, so a report is ranked by its rare words; and a word no
// issue holds skips the tiers it cannot match, yet a word of an issue created a moment ago is found at once.
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_FLAGS, PATS, PROJECT_ID, seedDocument } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const ISSUES = `/projects/${PROJECT_ID}/issues`;
const DEV = `Bearer ${PATS.developer}`;
const BULK = 'tkn-bulk';
const servers: TestServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A project whose every filler issue holds the template line "Steps to reproduce", plus `issues`. */
async function start(fillers: number, issues: Array<{ title: string; description: string }>): Promise<TestServer> {
  const seed = seedDocument();
  seed.projects[0].tokens = [{ token: BULK, daily_limit: 1_000_000, ...ALL_FLAGS }];
  seed.projects[0].issues = [
    ...Array.from({ length: fillers }, (_, i) => ({
      key: `filler-${i}`,
      title: `Filler report ${i}`,
      description: `Steps to reproduce: open map ${i} and wait.`,
    })),
    ...issues.map((issue, i) => ({ key: `issue-${i}`, ...issue })),
  ];
  const server = await startTestServer({ seed });
  servers.push(server);
  return server;
}

async function titlesFound(server: TestServer, query: string): Promise<string[]> {
  const r = await server.request('GET', `${ISSUES}/search.json?query=${encodeURIComponent(query)}`, { auth: DEV });
  expect(r.status).toBe(200);
  return (r.body.issues as { title: string }[]).map((issue) => issue.title);
}

const ELEVATOR = { title: 'Elevator stuck between floors', description: 'The lift halts halfway up.' };
const DECOY = { title: 'Menu music loops', description: 'Steps to reproduce: ride the elevator until it is stuck.' };

describe('issue search words', () => {
  it('ranks a report by its rare words when the query also holds a word in most reports of a large project', async () => {
    const server = await start(1000, [ELEVATOR, DECOY]);
    const found = await titlesFound(server, 'reproduce elevator stuck');
    expect(found.slice(0, 2)).toEqual([ELEVATOR.title, DECOY.title]);
  });

  it('still requires every word in a small project, where no word is common', async () => {
    const server = await start(10, [ELEVATOR, DECOY]);
    const found = await titlesFound(server, 'reproduce elevator stuck');
    expect(found[0]).toBe(DECOY.title);
  });

  it('answers a query made only of common words with the reports holding them', async () => {
    const server = await start(1000, [ELEVATOR]);
    const found = await titlesFound(server, 'steps reproduce');
    expect(found).toHaveLength(25);
    expect(found).not.toContain(ELEVATOR.title);
  });

  it('finds a word first written by an issue created after the vocabulary was loaded', async () => {
    const server = await start(0, [ELEVATOR]);
    expect(await titlesFound(server, 'zeppelin drifts')).toEqual([]);
    const r = await server.request('POST', `${ISSUES}.json`, {
      auth: `FormUser ${BULK}`,
      json: { issue: { title: 'Zeppelin drifts sideways', description: 'The zeppelin drifts off its mast.' } },
    });
    expect(r.status).toBe(201);
    expect(await titlesFound(server, 'zeppelin drifts')).toEqual(['Zeppelin drifts sideways']);
    expect(await titlesFound(server, 'zepelin drifts')).toEqual(['Zeppelin drifts sideways']);
  });
});
