// Entry of the lazy reporter chunk: the core engineer's browser reporter, loaded after zod is
// set to jitless (see zod-jitless.ts; module order matters, so it is imported first).
import './zod-jitless.ts';
import type { ReporterModule } from './chunks.ts';
import { createBrowserReporter as create } from './browser-reporter.ts';

export const createBrowserReporter: ReporterModule['createBrowserReporter'] = create;
