// Knowledge-base questions in their own thread (areas/knowledge-base/knowledge-thread.ts) on a real SQLite file with
// 20,000 resolved issues: a GET answers while a question is ranked, a resolved issue written after a question is
// found by the next one, a killed thread, a question it fails or one it takes too long over gives that question
// alone a 500 {error}, and the thread's answers are the bytes of the whole computation made on the request thread.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerFromPassages, documentPassages } from '../../../reference-server/src/areas/knowledge-base/answer.ts';
import { knowledgeDocuments } from '../../../reference-server/src/areas/knowledge-base/documents.ts';
import { KnowledgeThread } from '../../../reference-server/src/areas/knowledge-base/knowledge-thread.ts';
import { findProjectByPublicId } from '../../../reference-server/src/areas/projects-auth/repository.ts';
import { seedKnowledgeBase } from '../../bench/knowledge-base.bench.ts';
import { TOKEN } from '../../bench/issues.bench.ts';
import { PATS, PROJECT_ID } from '../../helpers/seed.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { describeLocal } from '../../helpers/local-only.ts';

let server: TestServer;
let thread: KnowledgeThread;
let file: string;
beforeAll(async () => {
  file = seedKnowledgeBase(20_000);
  server = await startTestServer({ db: file, storageDir: join(dirname(file), 'storage'), seed: false });
  thread = server.deps.knowledgeThread!;
}, 60_000);
afterAll(async () => {
  await server?.close();
  rmSync(dirname(file), { recursive: true, force: true });
});

const ask = (question: string) =>
  server.request('POST', `/projects/${PROJECT_ID}/support_knowledge/ask`, {
    auth: `FormUser ${TOKEN}`,
    json: { question },
  });

/** A resolved issue written through the API: created, then resolved by a developer. */
async function resolvedIssue(title: string, description: string): Promise<number> {
  const auth = `Bearer ${PATS.developer}`;
  const created = await server.request('POST', `/projects/${PROJECT_ID}/issues.json`, {
    auth,
    json: { issue: { title, description } },
  });
  expect(created.status).toBe(201);
  const resolved = await server.request('PATCH', `/projects/${PROJECT_ID}/issues/${created.body.scoped_id}.json`, {
    auth,
    json: { issue: { status: 'resolved' } },
  });
  expect(resolved.status).toBe(200);
  return created.body.id;
}

async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describeLocal('knowledge-base questions on a database file', 'drives the knowledge thread in-process', () => {
  it('ranks in the knowledge-base thread: a GET answers while a question over 20,000 issues is ranked', async () => {
    // A fresh thread has no index yet: this question reads, splits and tokenizes every document (about 60,000
    // passages) before it ranks them.
    await thread.crash();
    let questionDone = 0;
    const question = ask('My cargo disappears after a hyperjump').then((r) => {
      questionDone = performance.now();
      return r;
    });
    await until(() => thread.waiting > 0, 'the question to reach the thread');
    const get = await server.request('GET', `/projects/${PROJECT_ID}.json`, { auth: `FormUser ${TOKEN}` });
    const getDone = performance.now();
    expect(get.status).toBe(200);
    expect(questionDone).toBe(0);
    const answer = await question;
    expect(answer.status).toBe(200);
    expect(answer.body.sources.length).toBeGreaterThan(0);
    expect(questionDone).toBeGreaterThan(getDone);
  });

  it('finds a resolved issue written after a question in the next question', async () => {
    const question = 'Why does the quasar lantern flicker in the greenhouse?';
    const before = await ask(question);
    expect(before.body.sources.map((s: { title: string }) => s.title)).not.toContain('Quasar lantern flickers');
    const id = await resolvedIssue(
      'Quasar lantern flickers',
      'The quasar lantern in the greenhouse flickers whenever the generator restarts.',
    );
    const after = await ask(question);
    expect(after.status).toBe(200);
    expect(after.body.sources[0]).toMatchObject({ kind: 'issue', id: `g-${id}`, title: 'Quasar lantern flickers' });
  });

  it('answers with the bytes of the whole computation made on the request thread', async () => {
    const project = findProjectByPublicId(server.deps.db, PROJECT_ID)!;
    // Every document read, split and tokenized for this one question, on this thread, as before the thread existed.
    const whole = (question: string) =>
      answerFromPassages(knowledgeDocuments(server.deps, project).flatMap(documentPassages), question);
    const expected = [
      'What does the flux capacitor do?',
      'What are the minimum system requirements? How much RAM?',
      'How do I undock when the docking clamps stay locked?',
      'The game freezes when I open the star map',
      'Can I pet the dog?',
    ].map((question) => [question, JSON.stringify(whole(question))]);
    // The whole computations block this process (and the server in it) for seconds on a loaded machine: a turn of
    // the event loop lets the server's keep-alive timeout close the idle socket before a request is sent on it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const [question, answer] of expected) {
      const response = await fetch(`${server.url}/projects/${PROJECT_ID}/support_knowledge/ask`, {
        method: 'POST',
        headers: { Authorization: `FormUser ${TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ question }),
      });
      expect(await response.text()).toBe(answer);
    }
  });

  it('fails only the question a killed thread was answering (500 {error}); the others are answered', async () => {
    await resolvedIssue('Hangar doors jam', 'The hangar doors jam halfway when two ships dock at once.');
    // A fresh thread: the first question has the whole index to build, so it is still being answered when killed.
    await thread.crash();
    const answering = ask('Why do the hangar doors jam?');
    const queued = ask('Which key is boost on PC?');
    await until(() => thread.waiting === 2, 'both questions to reach the thread');
    await thread.crash();
    const killed = await answering;
    expect(killed.status).toBe(500);
    expect(killed.body).toEqual({
      error: 'The knowledge base failed to answer this question (a server fault). Ask again.',
    });
    const behind = await queued;
    expect(behind.status).toBe(200);
    expect(behind.body.sources[0]).toMatchObject({ kind: 'game_facts', id: 'controls' });
    const again = await ask('Why do the hangar doors jam?');
    expect(again.status).toBe(200);
    expect(again.body.sources[0]).toMatchObject({ kind: 'issue', title: 'Hangar doors jam' });
  });

  it('answers 500 {error} for a question the thread fails to answer, and the next one normally', async () => {
    // Game facts that are not JSON (written behind the API's back): reading the documents throws in the thread.
    const facts = server.deps.db.prepare('SELECT project_id, data FROM game_facts').get() as {
      project_id: number;
      data: string;
    };
    server.deps.db.prepare('UPDATE game_facts SET data = ? WHERE project_id = ?').run('{not json', facts.project_id);
    const failed = await ask('Which key is boost on PC?');
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      error: 'The knowledge base failed to answer this question (a server fault). Ask again.',
    });
    server.deps.db.prepare('UPDATE game_facts SET data = ? WHERE project_id = ?').run(facts.data, facts.project_id);
    const answered = await ask('Which key is boost on PC?');
    expect(answered.status).toBe(200);
    expect(answered.body.sources[0]).toMatchObject({ kind: 'game_facts', id: 'controls' });
  });

  it('fails a question its thread takes too long over instead of leaving it waiting, and ends that thread', async () => {
    const project = findProjectByPublicId(server.deps.db, PROJECT_ID)!;
    const impatient = new KnowledgeThread({ file }, 1); // 1 ms for a question
    try {
      await expect(impatient.ask(project, 'Which key is boost on PC?')).rejects.toMatchObject({
        code: 'server_error',
        message: 'The knowledge base took too long to answer this question (a server fault).',
      });
      expect(impatient.waiting).toBe(0);
    } finally {
      await impatient.stop();
    }
  });
});
