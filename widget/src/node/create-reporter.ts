// createReporter under Node: the core's, hashing uploads with Node's native MD5 (createNodeHasher) unless a hasher
// is given. `glitchbox/node` exports it, and `glitchbox/core` resolves to it under the `node` export condition
// (core-entry.ts), so the browser bundle never sees node:crypto and the core itself stays free of Node.
import { createReporter as createCoreReporter } from '../core/reporter.ts';
import type { Reporter, ReporterOptions } from '../core/reporter-contract.ts';
import { createNodeHasher } from './node-hasher.ts';

export function createReporter(options: ReporterOptions): Reporter {
  return createCoreReporter({ ...options, hasher: options.hasher ?? createNodeHasher() });
}
