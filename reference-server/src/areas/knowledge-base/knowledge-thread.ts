// The knowledge-base thread, seen from the request thread: questions go to one worker (knowledge-worker.ts) with its
// own connection to the database file, in order, and the request awaits the answer while the event loop serves
// others. A worker that fails a question, or dies, fails that question only with a 500 {error}; the questions queued
// behind one that died go to a fresh worker, and the next question after it starts one.
import type { Worker } from 'node:worker_threads';
import type { KnowledgeAnswer } from '../../../../widget/src/protocol/knowledge-base.ts';
import { ServiceError } from '../../errors.ts';
import { startWorker } from '../../start-worker.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';

export interface KnowledgeThreadSpec {
  /** The database file (the thread opens it read-only). */
  file: string;
}

export interface ToKnowledgeThread {
  id: number;
  project: ProjectRow;
  question: string;
}

export type FromKnowledgeThread = { id: number; answer: KnowledgeAnswer } | { id: number; error: string };

interface Question {
  message: ToKnowledgeThread;
  resolve: (answer: KnowledgeAnswer) => void;
  reject: (error: Error) => void;
}

const failed = () =>
  new ServiceError('server_error', 'The knowledge base failed to answer this question (a server fault). Ask again.');

export class KnowledgeThread {
  #worker: Worker | undefined;
  /** Questions posted to the current worker and not yet answered, in the order it answers them. */
  #questions: Question[] = [];
  #nextId = 1;
  #stopped = false;

  constructor(readonly spec: KnowledgeThreadSpec) {}

  ask(project: ProjectRow, question: string): Promise<KnowledgeAnswer> {
    if (this.#stopped) return Promise.reject(failed());
    return new Promise((resolve, reject) => {
      this.#post({ message: { id: this.#nextId++, project, question }, resolve, reject });
    });
  }

  /** Questions sent to the worker and not answered yet (asked, being answered, or queued behind). */
  get waiting(): number {
    return this.#questions.length;
  }

  /** Ends the worker as a crash would (tests): the question it is answering fails, the others are asked again. */
  async crash(): Promise<void> {
    await this.#worker?.terminate();
  }

  /** Ends the worker for good (server close); questions still waiting fail. */
  async stop(): Promise<void> {
    this.#stopped = true;
    const worker = this.#worker;
    this.#worker = undefined;
    const questions = this.#questions;
    this.#questions = [];
    await worker?.terminate();
    for (const question of questions) question.reject(failed());
  }

  #post(question: Question): void {
    let worker: Worker;
    try {
      worker = this.#thread();
    } catch (error) {
      console.error('the knowledge-base thread could not start:', error);
      question.reject(failed());
      return;
    }
    this.#questions.push(question);
    worker.postMessage(question.message);
  }

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = startWorker(
      { bundled: 'knowledge-thread.mjs', source: new URL('./knowledge-worker.ts', import.meta.url) },
      this.spec,
    );
    worker.unref();
    worker.on('message', (message: FromKnowledgeThread) => {
      const index = this.#questions.findIndex((q) => q.message.id === message.id);
      if (index < 0) return;
      const [question] = this.#questions.splice(index, 1);
      if ('answer' in message) return question.resolve(message.answer);
      console.error(`knowledge-base question failed in its thread: ${message.error}`);
      question.reject(failed());
    });
    let cause: Error | undefined;
    worker.on('error', (error) => {
      cause = error;
    });
    worker.on('exit', (code) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      const [answering, ...queued] = this.#questions;
      this.#questions = [];
      if (!answering) return;
      console.error(`the knowledge-base thread stopped (exit code ${code})${cause ? `: ${cause.stack}` : ''}`);
      answering.reject(failed());
      for (const question of queued) this.#post(question);
    });
    this.#worker = worker;
    return worker;
  }
}
