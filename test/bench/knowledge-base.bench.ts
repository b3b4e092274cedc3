// Knowledge-base figures through real HTTP on a server in its own process: the time of one question over a project
// with 20,000 resolved issues, game facts and a glossary (asked with a project token, whose daily counter is a write,
// and by a signed-in user, who writes nothing), and what questions do to everyone else: p95 and slowest
// GET /projects/{id}.json of 4 clients while questions are asked back to back, against the same GETs idle.
import { openDatabase } from '../../reference-server/src/db/database.ts';
import { PATS, PROJECT_ID } from '../helpers/seed.ts';
import { seedDatabase, TOKEN } from './issues.bench.ts';
import { GAME_FACTS } from '../helpers/knowledge.ts';
import { percentileOf, runLoad } from './load.ts';
import { startServerProcess } from './processes.ts';
import { random, syntheticIssue } from './search.bench.ts';

const RESOLVED = 20_000;
const SYLLABLES = 'ka ri vo tes lan mir zu ph or ex no va ly den sol cor ta ne gri hal bri qua'.split(' ');
const QUESTIONS = [
  'How do I undock when the docking clamps stay locked?',
  'The game freezes when I open the star map',
  'What does the flux capacitor do?',
  'Which key is boost on PC?',
  'My cargo disappears after a hyperjump',
  'What are the minimum system requirements?',
  'Audio crackles during the intro video',
  'How do I get a refund?',
];

/** A database file with the standard seed, game facts, two knowledge chunks and `resolved` varied resolved issues. */
export function seedKnowledgeBase(resolved = RESOLVED): string {
  const { file } = seedDatabase((doc) => {
    Object.assign(doc.projects[0], {
      game_facts: GAME_FACTS,
      knowledge_chunks: [
        { title: 'Saving your progress', content: 'The game saves automatically at every depot.' },
        { title: 'Refund policy', content: 'Refunds are granted within 14 days of purchase.' },
      ],
    });
  }, 0);
  const db = openDatabase(file);
  const project = db.prepare('SELECT id FROM projects WHERE public_id = ?').pluck().get(PROJECT_ID) as number;
  const next = random(7);
  const places = Array.from({ length: 2000 }, () =>
    Array.from({ length: 2 + Math.floor(next() * 2) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''),
  );
  const insert = db.prepare(
    'INSERT INTO issues (project_id, scoped_id, title, description, status, raw, steps, created_at, updated_at) ' +
      "VALUES (?, ?, ?, ?, 'resolved', 0, '[]', ?, ?)",
  );
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < resolved; i += 1) {
      const { title, description } = syntheticIssue(next, places);
      insert.run(project, i + 1, title, description, now, now);
    }
  })();
  db.close();
  return file;
}

export async function run() {
  const file = seedKnowledgeBase();
  const server = await startServerProcess({ args: ['--db', file] });
  const headers = { Authorization: `FormUser ${TOKEN}`, 'Service-Project-ID': PROJECT_ID, Accept: 'application/json' };
  const getUrl = `${server.url}/projects/${PROJECT_ID}.json`;
  let errors = 0;
  // A project token's question writes its daily counter (the next question sees a new read version); a signed-in
  // user's question writes nothing.
  const ask = async (i: number, auth = headers.Authorization): Promise<number> => {
    const started = performance.now();
    const response = await fetch(`${server.url}/projects/${PROJECT_ID}/support_knowledge/ask`, {
      method: 'POST',
      headers: { ...headers, Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: QUESTIONS[i % QUESTIONS.length] }),
    });
    await response.text();
    if (response.status !== 200) errors += 1;
    return performance.now() - started;
  };
  try {
    const first = await ask(0);
    await runLoad({ url: getUrl, headers, concurrency: 4, requests: 400 });
    const questions: number[] = [];
    for (let i = 1; i <= 2 * QUESTIONS.length; i += 1) questions.push(await ask(i));
    const signedIn: number[] = [];
    for (let i = 1; i <= 2 * QUESTIONS.length; i += 1) signedIn.push(await ask(i, `Bearer ${PATS.developer}`));
    const idle = await runLoad({ url: getUrl, headers, concurrency: 4, durationMs: 4000, samples: true });

    // Questions back to back from one client while 4 clients GET the project.
    let asking = true;
    let asked = 0;
    const asker = (async () => {
      while (asking) await ask(asked++);
    })();
    const busy = await runLoad({ url: getUrl, headers, concurrency: 4, durationMs: 4000, samples: true });
    asking = false;
    await asker;
    const slowest = (samples?: number[]) => Math.max(...(samples ?? [0]));
    return [
      { name: 'knowledge base, 20,000 resolved issues: first question', value: first, unit: 'ms' },
      { name: 'knowledge base, 20,000 resolved issues: question p50', value: percentileOf(questions, 50), unit: 'ms' },
      { name: 'knowledge base, 20,000 resolved issues: slowest question', value: slowest(questions), unit: 'ms' },
      {
        name: 'knowledge base, same, signed-in user (no write between questions): p50',
        value: percentileOf(signedIn, 50),
        unit: 'ms',
      },
      { name: 'GET project, 4 clients, idle: p95', value: idle.p95, unit: 'ms' },
      { name: 'GET project, 4 clients, idle: slowest', value: slowest(idle.samples), unit: 'ms' },
      { name: 'GET project, 4 clients, while questions are asked: p95', value: busy.p95, unit: 'ms' },
      { name: 'GET project, 4 clients, while questions are asked: slowest', value: slowest(busy.samples), unit: 'ms' },
      { name: 'GETs answered in 4 s, idle', value: idle.requests, unit: 'count' },
      { name: 'GETs answered in 4 s, while questions are asked', value: busy.requests, unit: 'count' },
      { name: 'questions answered during those 4 s', value: asked, unit: 'count' },
      { name: 'errors', value: errors + idle.errors + busy.errors, unit: 'count', target: '0' },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
