// Entry of the lazy reporter chunk: the core engineer's browser reporter. It ships without zod
// (responses are checked in core/response-checks.ts), so no `Function('')` probe trips a strict CSP. Also the
// watch that turns a report's events into what the player sees, the link that forwards them to the page and the
// device block and the log's header lines, which only run once this chunk is here.
import type { ReporterModule } from '../runtime/chunks.ts';
import { createBrowserReporter as create } from './browser-reporter.ts';
import { collectDeviceInfo as device } from './device-info.ts';
import { logHeader as header } from './log-header.ts';
import { linkReporter as link } from './link-reporter.ts';
import { watchReport as watch } from './submit-watch.ts';

export const createBrowserReporter: ReporterModule['createBrowserReporter'] = create;
export const watchReport: ReporterModule['watchReport'] = watch;
export const linkReporter: ReporterModule['linkReporter'] = link;
export const collectDeviceInfo: ReporterModule['collectDeviceInfo'] = device;
export const logHeader: ReporterModule['logHeader'] = header;
