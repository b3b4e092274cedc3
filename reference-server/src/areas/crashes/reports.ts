// Unreal crash reports (docs/api-choices.md#operation-paths): POST /crashes/unreal/{token}. The path's project token
// needs can_report_crash and is counted by the per-IP daily counter ('crash_report'); the
// container is parsed (container.ts), a `raw` issue is created titled from the crash
// context, the minidump is attached as a binary file and the logs (and the context XML) as
// log files.
import type { UnrealCrashResponse } from '../../../../widget/src/protocol/crashes.ts';
import type { Deps } from '../../deps.ts';
import { unauthenticated } from '../../errors.ts';
import { insertIssue, type IssueRow } from '../issues/repository.ts';
import { findProjectById, findToken, type ProjectRow } from '../projects-auth/repository.ts';
import { findLatestPublishedRelease } from '../releases/repository.ts';
import { assertMonthlyQuota, consumeDailyLimit, requireTokenFlag } from '../projects-auth/access.ts';
import { ANONYMOUS, type Caller } from '../projects-auth/caller.ts';
import { parseUnrealCrash, type CrashFile } from './container.ts';
import { CONTEXT_FILE_NAME, parseCrashContext, type CrashContext } from './context.ts';
import { emitIssueWrite } from '../issues/write-hooks.ts';
import { issueUrl } from '../issues/render.ts';
import { computeScore, predictPriority } from '../issues/stand-ins.ts';
import { attachFile } from '../media/attachments.ts';

/** Per-issue caps of the media limits (docs/api/media.md#limits-and-types), applied to crash files too. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const MAX_FILES_PER_KIND = 10;
const TITLE_MAX = 200;

export interface CrashRequest {
  token: string;
  ip: string;
  body: Uint8Array;
  appVersion?: string;
}

type Kind = 'binary_file' | 'log_file';

/** Minidumps and unknown files are binary files; logs and the text files beside them are log files. */
export function classifyCrashFile(file: CrashFile): { kind: Kind; type: string } {
  const name = file.name.toLowerCase();
  const head = Buffer.from(file.bytes.subarray(0, 4)).toString('latin1');
  if (head === 'MDMP' || name.endsWith('.dmp')) return { kind: 'binary_file', type: 'application/octet-stream' };
  if (name.endsWith('.log') || name.endsWith('.txt')) return { kind: 'log_file', type: 'text/plain' };
  if (name.endsWith('.xml') || name.endsWith('.runtime-xml')) return { kind: 'log_file', type: 'application/xml' };
  if (name.endsWith('.ini')) return { kind: 'log_file', type: 'text/plain' };
  if (name.endsWith('.json')) return { kind: 'log_file', type: 'application/json' };
  return { kind: 'binary_file', type: 'application/octet-stream' };
}

function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

export function crashTitle(context: CrashContext, directoryName: string): string {
  const game = context.GameName?.replace(/^UE[45]-/, '') || 'the game';
  const message = context.ErrorMessage ? firstLine(context.ErrorMessage) : '';
  const title = message
    ? `Crash in ${game}: ${message}`
    : context.CrashGUID
      ? `Crash in ${game} (${context.CrashGUID})`
      : `Unreal crash report ${directoryName}`.trim();
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1).trimEnd()}…` : title;
}

function crashDescription(context: CrashContext, request: CrashRequest, directoryName: string): string {
  const lines = [context.ErrorMessage ?? 'An Unreal Engine crash report was received.', ''];
  const facts: Array<[string, string | undefined]> = [
    ['Crash GUID', context.CrashGUID],
    ['Game', context.GameName],
    ['Crash type', context.CrashType],
    ['Engine version', context.EngineVersion ?? request.appVersion],
    ['Build', context.BuildVersion],
    ['Configuration', context.BuildConfiguration],
    ['Platform', context.PlatformFullName ?? context.PlatformName],
    ['CPU', context['Misc.CPUBrand']],
    ['GPU', context['Misc.PrimaryGPUBrand']],
    ['Memory (GB)', context['MemoryStats.TotalPhysicalGB']],
    ['Report directory', directoryName || undefined],
  ];
  for (const [label, value] of facts) if (value) lines.push(`${label}: ${value}`);
  if (context.CallStack) lines.push('', 'Call stack:', context.CallStack.slice(0, 16_000));
  return lines.join('\n').trim();
}

function projectOfToken(deps: Deps, token: string): { caller: Caller; project: ProjectRow } {
  const row = findToken(deps.db, token) ?? (token.startsWith('tkn-') ? undefined : findToken(deps.db, `tkn-${token}`));
  const project = row && findProjectById(deps.db, row.project_id);
  if (!row || !project) throw unauthenticated('Invalid auth token.');
  return { caller: { ...ANONYMOUS(''), scheme: 'project_token', token: row }, project };
}

export async function reportUnrealCrash(deps: Deps, request: CrashRequest): Promise<UnrealCrashResponse> {
  const { caller: tokenCaller, project } = projectOfToken(deps, request.token);
  const caller = { ...tokenCaller, ip: request.ip };
  requireTokenFlag(caller, project, 'can_report_crash');
  consumeDailyLimit(deps, caller, 'crash_report');
  assertMonthlyQuota(deps, project);
  const crash = await parseUnrealCrash(request.body);
  const contextFile =
    crash.files.find((f) => f.name === CONTEXT_FILE_NAME) ??
    crash.files.find((f) => /crashcontext.*xml$/i.test(f.name));
  const context = contextFile ? parseCrashContext(contextFile.bytes) : {};
  const warnings: string[] = [];
  const counts = { binary_files: 0, log_files: 0 };

  const issue = deps.db.transaction(() => {
    const now = deps.clock.now().toISOString();
    const title = crashTitle(context, crash.directoryName);
    const description = crashDescription(context, request, crash.directoryName);
    const row: IssueRow = insertIssue(deps.db, {
      project_id: project.id,
      title,
      description,
      status: 'open',
      priority: predictPriority(title, description),
      score: computeScore({ description, steps: 0, media: crash.files.length, device: false }),
      raw: 1,
      source: 'unreal_crash_reporter',
      reporter_user_id: null,
      assigned_to_user_id: null,
      release_id: findLatestPublishedRelease(deps.db, project.id)?.id ?? null,
      steps: '[]',
      debug_trace: null,
      device: null,
      created_at: now,
      updated_at: now,
    });
    for (const file of crash.files) {
      const { kind, type } = classifyCrashFile(file);
      const counter = kind === 'binary_file' ? 'binary_files' : 'log_files';
      if (file.bytes.byteLength > MAX_FILE_BYTES) {
        warnings.push(`${file.name} was not attached: it is larger than 50 MB.`);
        continue;
      }
      if (counts[counter] >= MAX_FILES_PER_KIND) {
        warnings.push(
          `${file.name} was not attached: an issue holds at most ${MAX_FILES_PER_KIND} ${counter.replace('_', ' ')}.`,
        );
        continue;
      }
      attachFile(deps, row, kind, { name: file.name, type, bytes: file.bytes }, null);
      counts[counter] += 1;
    }
    return row;
  })();
  emitIssueWrite(deps, issue, 'created');
  return {
    id: issue.id,
    scoped_id: issue.scoped_id,
    title: issue.title,
    raw: true,
    url: issueUrl(deps, project, issue),
    crash_guid: context.CrashGUID ?? null,
    attachments: counts,
    warnings,
  };
}
