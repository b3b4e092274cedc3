// `glitchbox/core` as Node resolves it (the `node` export condition): the same core, whose createReporter hashes
// with Node's native MD5 by default instead of spark-md5 in JavaScript.
export * from '../core/index.ts';
export { createReporter } from './create-reporter.ts';
