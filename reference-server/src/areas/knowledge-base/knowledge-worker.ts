// The knowledge-base thread's entry (started by knowledge-thread.ts): its own read-only connection to the database
// file, each project's passages remembered against that connection's read version, one question at a time.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { KnowledgeIndexes } from './index-cache.ts';
import type { FromKnowledgeThread, KnowledgeThreadSpec, ToKnowledgeThread } from './knowledge-thread.ts';

const spec = workerData as KnowledgeThreadSpec;
const port = parentPort!;
const db = new Database(spec.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const indexes = new KnowledgeIndexes(db);

port.on('message', ({ id, project, question }: ToKnowledgeThread) => {
  let message: FromKnowledgeThread;
  try {
    message = { id, answer: indexes.answer(project, question) };
  } catch (error) {
    message = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(message);
});
