// Feature request and ticket figures: search latency over 5,000 requests (typo-tolerant FTS5
// tiers, through real HTTP), create latency, and ticket search (LIKE) over 5,000 tickets.
import { startTestServer } from '../helpers/server.ts';
import { PATS, PROJECT_ID, TOKENS, seedDocument, ALL_FLAGS } from '../helpers/seed.ts';
import { insertFeatureRequest } from '../../reference-server/src/areas/feature-requests/repository.ts';
import { insertTicket } from '../../reference-server/src/areas/tickets/repository.ts';
import { findProjectByPublicId } from '../../reference-server/src/areas/projects-auth/repository.ts';
import { percentileOf } from './load.ts';

const WORDS = (
  'ship cargo dock route pilot engine shield laser map nebula station trade fuel hangar radar drone asteroid ' +
  'warp beacon convoy'
).split(' ');

export async function run() {
  const server = await startTestServer({
    seed: seedDocument({ project: { tokens: [{ token: TOKENS.all, daily_limit: 100_000, ...ALL_FLAGS }] } }),
  });
  try {
    const project = findProjectByPublicId(server.deps.db, PROJECT_ID)!;
    const now = new Date().toISOString();
    server.deps.db.transaction(() => {
      for (let i = 0; i < 5000; i += 1) {
        const words = Array.from({ length: 8 }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]).join(' ');
        insertFeatureRequest(server.deps.db, {
          project_id: project.id,
          title: `Idea ${i} ${words.slice(0, 30)}`,
          description: `${words} number ${i}`,
          status: 'open',
          source: null,
          reporter_user_id: null,
          discord_username: null,
          created_at: now,
          updated_at: now,
        });
        insertTicket(server.deps.db, {
          project_id: project.id,
          title: `Ticket ${i}`,
          description: `${words} ticket ${i}`,
          status: 'new',
          priority: 'low',
          reporter_user_id: null,
          discord_username: null,
          created_at: now,
          updated_at: now,
        });
      }
    })();
    const auth = `FormUser ${TOKENS.all}`;
    const timed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };

    const searches: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const query =
        // half with typos
        i % 2 ? `${WORDS[i % WORDS.length]} ${WORDS[(i + 5) % WORDS.length].slice(0, 3)}` : 'asteriod convoi';
      searches.push(
        await timed(() =>
          server.request(
            'GET',
            `/projects/${PROJECT_ID}/feature_requests/search.json?query=${encodeURIComponent(query)}`,
            { auth },
          ),
        ),
      );
    }
    const creates: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      creates.push(
        await timed(() =>
          server.request('POST', `/projects/${PROJECT_ID}/feature_requests.json`, {
            auth,
            json: { feature_request: { description: `Bench idea ${i} about ${WORDS[i % WORDS.length]}` } },
          }),
        ),
      );
    }
    const ticketSearches: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      ticketSearches.push(
        await timed(() =>
          server.request('GET', `/projects/${PROJECT_ID}/tickets/search.json?query=${WORDS[i % WORDS.length]}`, {
            auth: `Bearer ${PATS.support}`,
          }),
        ),
      );
    }
    return [
      {
        name: 'feature request search p50 (5,000 requests, HTTP)',
        value: percentileOf(searches, 50),
        unit: 'ms',
        target: '< 50 ms',
      },
      {
        name: 'feature request search p95 (5,000 requests, HTTP)',
        value: percentileOf(searches, 95),
        unit: 'ms',
        target: '< 100 ms',
      },
      { name: 'feature request create p50 (HTTP)', value: percentileOf(creates, 50), unit: 'ms', target: '< 20 ms' },
      {
        name: 'ticket search p95 (5,000 tickets, HTTP)',
        value: percentileOf(ticketSearches, 95),
        unit: 'ms',
        target: '< 50 ms',
      },
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
