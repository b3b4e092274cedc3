// The knowledge-base thread, seen from the request thread: questions go to one worker (knowledge-worker.ts) with its
// own connection to the database file, in order, and the request awaits the answer while the event loop serves
// others. A worker that fails a question, dies, or takes longer than the time allowed for one question (it is then
// ended) fails that question only with a 500 {error}; the questions queued behind go to a fresh worker.
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
const tooLong = () =>
  new ServiceError('server_error', 'The knowledge base took too long to answer this question (a server fault).');

/** Time allowed for one question, from when the worker takes it (a first question includes its start-up). */
export const ANSWER_TIMEOUT_MS = 30_000;

export class KnowledgeThread {
  #worker: Worker | undefined;
  /** Questions posted to the current worker and not yet answered, in the order it answers them. */
  #questions: Question[] = [];
  #nextId = 1;
  #stopped = false;
  /** Ends the worker when the question it is answering (the first waiting) has taken too long. */
  #watchdog: NodeJS.Timeout | undefined;

  constructor(
    readonly spec: KnowledgeThreadSpec,
    readonly answerTimeoutMs = ANSWER_TIMEOUT_MS,
  ) {}

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
    clearTimeout(this.#watchdog);
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
    if (this.#questions.length === 1) this.#watch(worker);
  }

  /** Starts the clock of the question now first in line (called whenever the first one changes). */
  #watch(worker: Worker): void {
    clearTimeout(this.#watchdog);
    this.#watchdog = undefined;
    if (this.#questions.length === 0) return;
    this.#watchdog = setTimeout(() => {
      console.error(`a knowledge-base question took over ${this.answerTimeoutMs} ms: ending its thread`);
      timedOut.add(worker);
      void worker.terminate();
    }, this.answerTimeoutMs);
    this.#watchdog.unref();
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
      if (index === 0) this.#watch(worker);
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
      clearTimeout(this.#watchdog);
      const [answering, ...queued] = this.#questions;
      this.#questions = [];
      if (!answering) return;
      if (timedOut.has(worker)) return this.#retry(answering, tooLong(), queued);
      console.error(`the knowledge-base thread stopped (exit code ${code})${cause ? `: ${cause.stack}` : ''}`);
      this.#retry(answering, failed(), queued);
    });
    this.#worker = worker;
    return worker;
  }

  /** After a worker ended: the question it was answering fails, the ones behind it go to a fresh worker. */
  #retry(answering: Question, error: ServiceError, queued: Question[]): void {
    answering.reject(error);
    for (const question of queued) this.#post(question);
  }
}

/** Workers ended for taking too long (their exit is not a crash). */
const timedOut = new WeakSet<Worker>();
