// Entry of the lazy reporter chunk: the core engineer's browser reporter. It ships without zod
// (responses are checked in core/response-checks.ts), so no `Function('')` probe trips a strict CSP.
import type { ReporterModule } from '../runtime/chunks.ts';
import { createBrowserReporter as create } from './browser-reporter.ts';

export const createBrowserReporter: ReporterModule['createBrowserReporter'] = create;
