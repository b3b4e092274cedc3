// A job made slow on purpose, for the job-thread tests: it holds its thread (a synchronous wait, as a CPU-bound job
// would) until a release file appears or its time is up, and logs when it starts and when it finishes.
import { appendFileSync, existsSync } from 'node:fs';
import type { JobHandler } from '../../reference-server/src/jobs/runner.ts';

export const SLOW_JOB = 'test.slow';

export interface SlowJob {
  log: string;
  release: string;
  maxMs: number;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

export function jobs(): Record<string, JobHandler> {
  return {
    [SLOW_JOB]: (payload: SlowJob) => {
      appendFileSync(payload.log, 'start\n');
      const until = Date.now() + payload.maxMs;
      while (Date.now() < until && !existsSync(payload.release)) Atomics.wait(pause, 0, 0, 5);
      appendFileSync(payload.log, 'done\n');
    },
  };
}
