// The runtime's first step: record what a report carries from page load on (console and errors,
// breadcrumbs, frame times, the GPU name the device info reads), and read it back on open.
import { startAutoBreadcrumbs } from '../capture/auto-breadcrumbs.ts';
import { createBreadcrumbs } from '../capture/breadcrumbs.ts';
import { createConsoleCapture } from '../capture/console-capture.ts';
import { createFrameHook } from '../capture/frame-hook.ts';
import type { createEmitter } from './events.ts';
import type { GlitchboxUser, ResolvedOptions } from './options.ts';
import type { ReportSnapshot } from './overlay-contract.ts';

export type Capture = ReturnType<typeof startCapture>;

/** Starts the capture; `reportError` gets the first five uncaught errors when the game sets reportErrors. */
export function startCapture(
  o: ResolvedOptions,
  events: ReturnType<typeof createEmitter>,
  reportError: (message: string, detail: string) => void,
) {
  const crumbs = createBreadcrumbs(o.maxBreadcrumbs);
  let errorReports = 0;
  const logs = createConsoleCapture(o.maxLogEntries, o.captureConsole, (message, detail) => {
    crumbs.add('danger', message);
    events.emit('error', { message, detail });
    if (o.reportErrors && errorReports < 5) {
      errorReports++;
      reportError(message, detail);
    }
  });
  // Clicks, requests and navigation go both into the trace and, tagged by kind, into the log.
  if (o.autoBreadcrumbs !== false)
    startAutoBreadcrumbs(
      o.autoBreadcrumbs === true ? {} : o.autoBreadcrumbs || {},
      (kind, severity, text) => {
        crumbs.addAuto(severity, `${kind} ${text}`);
        logs.record(kind, text);
      },
      (url) => url.startsWith(o.endpoint),
    );
  const frames = createFrameHook(!!o.preserveDrawingBuffer);
  return { crumbs, logs, frames };
}

/** What the overlay shows and sends: logs (headed by frame times when the reporter chunk could load), the trace,
 * device info and custom fields. */
export async function collectSnapshot(
  o: ResolvedOptions,
  { crumbs, logs, frames }: Capture,
  gameFields: Record<string, unknown>,
  context: Promise<[deviceInfo: string, logHeader: string]>,
  user: GlitchboxUser = {},
): Promise<ReportSnapshot> {
  let fromGame: Record<string, unknown> = {};
  try {
    fromGame = (await o.customFields?.()) ?? {};
  } catch (e) {
    logs.record('warn', `Glitchbox customFields callback threw: ${e}`);
  }
  const [deviceInfo, header] = await context;
  return {
    logs: header + logs.text(),
    logCount: logs.entries().length,
    debugTrace: crumbs.steps(),
    deviceInfo,
    // The player's id and name are custom fields; a value the game sets itself under the same ident wins.
    customFields: {
      ...(user.id != null && { player_id: String(user.id) }),
      ...(user.name && { player_name: user.name }),
      ...fromGame,
      ...gameFields,
    },
    email: user.email,
    discordId: user.discordId,
    releaseLabel: o.release,
    frameStats: frames.stats(),
  };
}
