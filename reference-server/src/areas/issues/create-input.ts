// Turns a create body (any encoding, already nested) into the values the create service
// works with, throwing the 422s that depend on the body alone: description, debug_trace,
// publish_after, and the zod shape of the create table.
import { DebugTrace, IssueCreateBody } from '../../../../widget/src/protocol/issues.ts';
import { TEXT_LIMITS } from '../../../../widget/src/protocol/text-limits.ts';
import type { Body } from '../../input.ts';
import { unprocessable, describeZodError } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { formatSteps, generateTitle, looksRaw } from './stand-ins.ts';

export const DEBUG_TRACE_MAX_BYTES = 128 * 1024;
export const PUBLISH_AFTER_MAX_MS = 7 * 86_400_000;

export interface CreateInput {
  title: string;
  description: string;
  steps: string[];
  logs: string | null;
  releaseId: string | null;
  releaseLabel: string | null;
  source: string | null;
  raw: boolean;
  priority: string | null;
  deviceInfo: { value: string; mode: 'strict' | 'loose' | 'optional' } | null;
  discordId: string | null;
  discordUsername: string | null;
  testedOnDeviceId: string | null;
  tagIds: number[] | null;
  custom: Record<string, unknown>;
  debugTrace: string | null;
  includeFlags: { process: boolean; screenshot: boolean; video: boolean; other: boolean };
  draft: boolean;
  /** Milliseconds until automatic publish as asked (clamped to 7 days); null when not asked. */
  publishAfterMs: number | null;
  skipDescriptionCheck: boolean;
}

const text = (v: unknown): string | null =>
  v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim();

/** `30m`, `1h`, `2d` (also seconds); anything else, or zero, is invalid. */
export function parsePublishAfter(value: string): number | null {
  const match = /^\s*(\d+)\s*(s|m|h|d)\s*$/.exec(value);
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd'];
}

function parseDebugTrace(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  let trace = value;
  if (typeof value === 'string') {
    if (Buffer.byteLength(value) > DEBUG_TRACE_MAX_BYTES)
      throw unprocessable('issue[debug_trace] is larger than the 128 KB limit.');
    try {
      trace = JSON.parse(value);
    } catch {
      throw unprocessable(
        'issue[debug_trace] must be an object {steps: [{severity, description}]} (or its JSON text).',
      );
    }
  }
  const serialized = JSON.stringify(trace);
  if (Buffer.byteLength(serialized) > DEBUG_TRACE_MAX_BYTES)
    throw unprocessable('issue[debug_trace] is larger than the 128 KB limit.');
  const parsed = DebugTrace.safeParse(trace);
  if (!parsed.success)
    throw unprocessable(
      `issue[debug_trace] is invalid: ${describeZodError(parsed.error)} (severity is info, warning or danger).`,
    );
  return JSON.stringify(parsed.data);
}

/** Multipart clients may send issue[logs] or issue[debug_trace] as a file part: its text is the value. */
export async function withTextParts(body: Body): Promise<Body> {
  const issue = body.issue;
  if (issue === null || typeof issue !== 'object' || Array.isArray(issue)) return body;
  const fields = issue as Record<string, unknown>;
  const files = ['logs', 'debug_trace'].filter((key) => fields[key] instanceof Blob);
  if (files.length === 0) return body;
  const copy = { ...fields };
  // The text caps hold for a file part too, checked on its size before it is read into memory.
  const cap = { logs: TEXT_LIMITS.logText, debug_trace: DEBUG_TRACE_MAX_BYTES } as Record<string, number>;
  for (const key of files) {
    const limit = cap[key] >= 1024 * 1024 ? `${cap[key] / 1024 / 1024} MB` : `${cap[key] / 1024} KB`;
    if ((fields[key] as Blob).size > cap[key]) throw unprocessable(`issue[${key}] is larger than the ${limit} limit.`);
    copy[key] = await (fields[key] as Blob).text();
  }
  return { ...body, issue: copy };
}

/** Form clients may send device_info as the JSON text of `{value, validation_mode}`. */
function deviceInfoOf(info: string | { value?: string; validation_mode?: string } | undefined) {
  if (typeof info !== 'string' || !info.trimStart().startsWith('{')) return info;
  try {
    const parsed = JSON.parse(info) as unknown;
    // Only the wrapper counts: a spec sheet that happens to be JSON stays the value itself.
    const ok =
      parsed !== null &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      ('value' in parsed || 'validation_mode' in parsed) &&
      ['value', 'validation_mode'].every(
        (k) =>
          (parsed as Record<string, unknown>)[k] === undefined ||
          typeof (parsed as Record<string, unknown>)[k] === 'string',
      );
    return ok ? (parsed as { value?: string; validation_mode?: string }) : info;
  } catch {
    return info;
  }
}

/** A JSON `null` for an optional member is that member left out (SDKs serialize unset fields as null). */
function withoutNulls(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Blob) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

export function readCreateInput(body: Body, project: ProjectRow): CreateInput {
  const top = withoutNulls(body) as Body;
  if (top.issue !== undefined) {
    const issue = withoutNulls(top.issue) as Record<string, unknown>;
    if (issue.extras !== undefined) issue.extras = withoutNulls(issue.extras);
    top.issue = issue;
  }
  return readParsed(top, project);
}

function readParsed(body: Body, project: ProjectRow): CreateInput {
  const parsed = IssueCreateBody.safeParse(body);
  if (!parsed.success) throw unprocessable(describeZodError(parsed.error));
  const top = parsed.data;
  const issue = top.issue ?? {};
  const source = issue.source === undefined || issue.source === null || issue.source === '' ? null : issue.source;
  const draft = top.draft ?? issue.draft ?? false;
  const skipDescriptionCheck = top.skip_description_check ?? issue.skip_description_check ?? false;

  const description = typeof issue.description === 'string' ? issue.description : '';
  if (description.trim() === '') throw unprocessable("Description can't be blank.");
  // skip_description_check is honoured only for Discord-bot callers (docs/api/issues.md#create-the-order-of-checks).
  const skip = skipDescriptionCheck && source === 'discord_bot';
  if (!skip && description.trim().length < project.min_description_length) {
    throw unprocessable(`Description is too short (minimum is ${project.min_description_length} characters).`);
  }

  const publishAfterText = text(top.publish_after ?? issue.publish_after);
  let publishAfterMs: number | null = null;
  if (publishAfterText !== null) {
    const ms = parsePublishAfter(publishAfterText);
    if (ms === null)
      throw unprocessable(`publish_after ${JSON.stringify(publishAfterText)} is not a duration such as 30m, 1h or 2d.`);
    if (!draft) throw unprocessable('publish_after can only be used with draft=true.');
    publishAfterMs = Math.min(ms, PUBLISH_AFTER_MAX_MS);
  }

  const title = text(issue.title) ?? generateTitle(description);
  const steps =
    issue.steps_to_reproduce_array?.map((s) => s.trim()).filter(Boolean) ??
    (issue.unformatted_steps_to_reproduce ? formatSteps(issue.unformatted_steps_to_reproduce) : []);

  let deviceInfo: CreateInput['deviceInfo'] = null;
  const info = deviceInfoOf(issue.extras?.device_info);
  if (info !== undefined) {
    const value = typeof info === 'string' ? info : (info.value ?? '');
    const mode = typeof info === 'string' ? 'loose' : info.validation_mode;
    // An unrecognised mode behaves as loose (docs/api/issues.md#choices-we-made, device_info).
    deviceInfo = { value, mode: mode === 'strict' || mode === 'optional' ? mode : 'loose' };
  }

  return {
    title,
    description,
    steps,
    logs: typeof issue.logs === 'string' && issue.logs !== '' ? issue.logs : null,
    releaseId: text(issue.release_id),
    releaseLabel: text(issue.release_label),
    source,
    raw: issue.raw ?? looksRaw(description),
    priority: text(issue.priority),
    deviceInfo,
    discordId: text(issue.discord_id),
    discordUsername: text(issue.discord_username),
    testedOnDeviceId: text(issue.tested_on_device_id),
    tagIds: issue.tag_ids ?? null,
    custom: { ...(issue.custom_fields ?? {}), ...(issue.custom ?? {}) },
    debugTrace: parseDebugTrace(issue.debug_trace),
    includeFlags: {
      process: issue.process_include_flags ?? false,
      screenshot: issue.include_screenshot ?? false,
      video: issue.include_video ?? false,
      other: issue.include_other ?? false,
    },
    draft,
    publishAfterMs,
    skipDescriptionCheck: skip,
  };
}
