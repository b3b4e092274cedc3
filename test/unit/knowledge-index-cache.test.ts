// The knowledge base's remembered passages (areas/knowledge-base/index-cache.ts) on a real SQLite file, read through
// a second, read-only connection as the knowledge-base thread reads it: a repeated question reads nothing again,
// another connection's commit is seen by the next question, only changed documents are tokenized again, and every
// answer is byte for byte the one of the whole computation.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadFixtures } from '../../reference-server/src/areas/admin/fixtures.ts';
import { answerFromPassages, documentPassages } from '../../reference-server/src/areas/knowledge-base/answer.ts';
import { knowledgeDocuments } from '../../reference-server/src/areas/knowledge-base/documents.ts';
import { KnowledgeIndexes } from '../../reference-server/src/areas/knowledge-base/index-cache.ts';
import { findProjectByPublicId } from '../../reference-server/src/areas/projects-auth/repository.ts';
import type { Db } from '../../reference-server/src/db/database.ts';
import type { Deps } from '../../reference-server/src/deps.ts';
import { createDeps } from '../../reference-server/src/server.ts';
import { PROJECT_ID, seedDocument } from '../helpers/seed.ts';

let dir: string;
let deps: Deps;
let reader: Db;
let indexes: KnowledgeIndexes;

const term = { term: 'Flux capacitor', definition: 'An upgrade that doubles your boost duration.' };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'glitchbox-knowledge-index-'));
  deps = createDeps({ db: join(dir, 'kb.db'), storageDir: join(dir, 'storage') });
  loadFixtures(
    deps,
    seedDocument({
      project: {
        game_facts: {
          description: 'Star Courier is a physics-based delivery game.',
          // The same term twice: two sources that must stay two.
          glossary: { items: [term, term], locations: [{ term: 'Hub 7', definition: 'The central depot.' }] },
        },
        knowledge_chunks: [
          { title: 'Saving your progress', content: 'The game saves automatically at every depot.' },
          { title: 'Refund policy', content: 'Refunds are granted within 14 days of purchase.' },
        ],
        issues: [
          { title: 'Black screen after the intro', description: 'Updating the driver fixes it.', status: 'resolved' },
          { title: 'Boost pad misfires', description: 'The boost pad fires twice on ring three.', status: 'resolved' },
        ],
      },
    }),
  );
  reader = new Database(join(dir, 'kb.db'), { readonly: true });
  indexes = new KnowledgeIndexes(reader);
});
afterEach(() => {
  reader.close();
  deps.db.close();
  rmSync(dir, { recursive: true, force: true });
});

const project = () => findProjectByPublicId(deps.db, PROJECT_ID)!;
const QUESTIONS = ['What does the flux capacitor do?', 'boost pad', 'black screen driver', 'refund depot', 'dog'];

function expectWholeAnswers(): void {
  const whole = knowledgeDocuments(deps, project()).flatMap(documentPassages);
  for (const question of QUESTIONS) {
    expect(JSON.stringify(indexes.answer(project(), question))).toBe(
      JSON.stringify(answerFromPassages(whole, question)),
    );
  }
}

it('answers a repeated question from the remembered passages, byte for byte the whole computation', () => {
  expectWholeAnswers();
  const documents = knowledgeDocuments(deps, project()).length;
  expect(indexes.stats).toEqual({ refreshes: 1, tokenized: documents });
  const flux = indexes.answer(project(), QUESTIONS[0]);
  expect(flux.sources.map((s) => s.id)).toEqual(['items/Flux capacitor', 'items/Flux capacitor']);
  expect(indexes.stats).toEqual({ refreshes: 1, tokenized: documents });
});

// Questions reach the thread as messages, each in a turn of its own: a commit by another connection is seen from the
// next turn (read-version.ts reads data_version once a turn).
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it("sees another connection's commit at the next question and tokenizes only what changed", async () => {
  expectWholeAnswers();
  const { tokenized } = indexes.stats;
  deps.db
    .prepare("UPDATE issues SET description = 'The boost pad fires three times on ring four.' WHERE title = ?")
    .run('Boost pad misfires');
  await nextTurn();
  expect(indexes.answer(project(), 'boost pad').answer).toContain('three times on ring four');
  expect(indexes.stats).toEqual({ refreshes: 2, tokenized: tokenized + 1 });
  expectWholeAnswers();

  deps.db.prepare("DELETE FROM knowledge_chunks WHERE title = 'Refund policy'").run();
  deps.db.prepare("UPDATE projects SET name = 'Star Courier II' WHERE public_id = ?").run(PROJECT_ID);
  await nextTurn();
  expectWholeAnswers();
  expect(indexes.answer(project(), 'refund').sources.map((s) => s.title)).not.toContain('Refund policy');
  // Only the game-fact document titled with the project's name ("About Star Courier II") is tokenized again.
  expect(indexes.stats).toEqual({ refreshes: 3, tokenized: tokenized + 2 });
});
