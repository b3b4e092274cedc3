// `glitchbox/node`: the reporter for Node processes (tools, servers, headless game builds).
export {
  createNodeReporter,
  defaultOutboxDir,
  type NodeReporter,
  type NodeReporterOptions,
  type ReportResult,
} from './node-reporter.ts';
export { createDiskOutbox, type DiskOutbox } from './disk-outbox.ts';
export { createNodeHasher } from './node-hasher.ts';
export { createFileLock } from './file-lock.ts';
export { installCrashCapture, crashReportInput } from './crash-capture.ts';
export { fileAttachment, guessAttachment } from './file-attachment.ts';
export * from '../core/index.ts';
// Named here, so it stands in for the core's: the native MD5 by default.
export { createReporter } from './create-reporter.ts';
