// The Issue object (docs/api/issues.md#the-issue-object), rendered for one caller: reporters only for the team,
// custom fields filtered for players, media filtered by the media area, `potential_duplicate`
// only for duplicates, `token` and `warnings` only when the operation hands them out.
import type { Issue } from '../../../../widget/src/protocol/issues.ts';
import type { Deps } from '../../deps.ts';
import { listCustomFields, type CustomFieldRow } from '../projects-auth/custom-fields-repository.ts';
import { findIssueByGlobalId, listCustomValuesOfIssues, listIssueCustomValues, type IssueRow } from './repository.ts';
import { listAttachmentsOfIssues, type AttachmentWithKeys } from '../media/repository.ts';
import { listStatuses, type ProjectRow } from '../projects-auth/repository.ts';
import { findUserById } from '../projects-auth/users-repository.ts';
import { findRelease } from '../releases/repository.ts';
import type { Caller } from '../projects-auth/caller.ts';
import { renderIssueMedia } from '../media/attachments.ts';
import { canSeeIssue, viewerOf } from './visibility.ts';

export interface RenderOptions {
  /** Leave out the four media arrays (the similar-issues response). */
  skipAttachments?: boolean;
  /** The draft JWT, given to project-token callers by create. */
  token?: string;
  /** Values silently dropped by a create or update; rendered only when non-empty. */
  warnings?: string[];
}

const BUILT_IN_DISPLAY: Record<string, string> = {
  hidden: 'Hidden',
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
  duplicate: 'Duplicate',
  pending_moderation: 'Pending Moderation',
  wont_fix: "Won't Fix",
  needs_more_info: 'Needs More Info',
};

/** A project's own name for a status wins; then the built-in label; then the key humanized. */
export function statusDisplay(statuses: Map<string, string>, status: string): string {
  return (
    statuses.get(status) ??
    BUILT_IN_DISPLAY[status] ??
    status
      .split('_')
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ')
  );
}

/** Published issues link by scoped id, drafts by their stable g- form (docs/api-choices.md#issue-urls). */
export function issueUrl(deps: Pick<Deps, 'config'>, project: ProjectRow, issue: IssueRow): string {
  const id = issue.status === 'hidden' ? `g-${issue.id}` : String(issue.scoped_id);
  return `${deps.config.publicUrl}/projects/${project.public_id}/issues/${id}`;
}

/**
 * Per-request lookups shared by every issue of one response. A list gives its page's issues, whose custom values
 * and attachments are then read in one query each rather than two per issue.
 */
export interface RenderContext {
  fields: Map<number, CustomFieldRow>;
  statuses: Map<string, string>;
  names: Map<number, string | null>;
  /** Release labels by id, read once per response (the team's `release` extension). */
  releases?: Map<number, string | null>;
  customValues?: Map<number, { field_id: number; value: string }[]>;
  attachments?: Map<number, AttachmentWithKeys[]>;
}

export function createRenderContext(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  page?: readonly IssueRow[],
): RenderContext {
  const ids = page?.map((issue) => issue.id);
  return {
    fields: new Map(listCustomFields(deps.db, project.id, 'issue').map((f) => [f.id, f])),
    statuses: new Map(listStatuses(deps.db, project.id).map((s) => [s.key, s.name])),
    names: new Map(),
    customValues: ids && listCustomValuesOfIssues(deps.db, ids),
    attachments: ids && listAttachmentsOfIssues(deps.db, ids),
  };
}

function userRef(
  deps: Pick<Deps, 'db'>,
  context: RenderContext,
  id: number | null,
): { id: number | null; name: string | null } {
  if (id === null) return { id: null, name: null };
  if (!context.names.has(id)) context.names.set(id, findUserById(deps.db, id)?.name ?? null);
  return { id, name: context.names.get(id) ?? null };
}

function releaseRef(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  context: RenderContext,
  issue: IssueRow,
): { id: string; label: string } | null {
  const id = issue.release_id;
  if (id === null) return null;
  context.releases ??= new Map();
  if (!context.releases.has(id)) context.releases.set(id, findRelease(deps.db, project.id, id)?.label ?? null);
  const label = context.releases.get(id);
  return label === null || label === undefined ? null : { id: `rel-${id}`, label };
}

export function renderIssue(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  options: RenderOptions = {},
  context?: RenderContext,
): Issue {
  return renderWithDepth(deps, caller, project, issue, options, context ?? createRenderContext(deps, project), 0);
}

function renderWithDepth(
  deps: Deps,
  caller: Caller,
  project: ProjectRow,
  issue: IssueRow,
  options: RenderOptions,
  context: RenderContext,
  depth: number,
): Issue {
  const viewer = viewerOf(deps, caller, project);
  const customFields: Issue['custom_fields'] = [];
  for (const stored of context.customValues?.get(issue.id) ?? listIssueCustomValues(deps.db, issue.id)) {
    const field = context.fields.get(stored.field_id);
    if (!field || (!viewer.team && field.player_viewable !== 1)) continue;
    customFields.push({
      id: field.id,
      ident: field.ident,
      name: field.name,
      field_type: field.field_type,
      value: JSON.parse(stored.value),
    });
  }
  let duplicate: Issue | null = null;
  if (issue.status === 'duplicate' && issue.duplicate_of_issue_id !== null && depth < 2) {
    const canonical = findIssueByGlobalId(deps.db, issue.duplicate_of_issue_id);
    if (canonical && canonical.project_id === project.id && canSeeIssue(deps, caller, project, canonical)) {
      duplicate = renderWithDepth(
        deps,
        caller,
        project,
        canonical,
        { skipAttachments: options.skipAttachments },
        context,
        depth + 1,
      );
    }
  }
  const body: Issue = {
    id: issue.id,
    scoped_id: issue.scoped_id,
    title: issue.title,
    description: issue.description,
    status: issue.status,
    status_display: statusDisplay(context.statuses, issue.status),
    priority: issue.priority,
    discord_message: issue.discord_message,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    score: issue.score,
    raw: issue.raw === 1,
    source: issue.source,
    custom_fields: customFields,
    steps_to_reproduce: JSON.parse(issue.steps) as { step: string }[],
    device: issue.device ? (JSON.parse(issue.device) as Issue['device']) : null,
    assigned_to: userRef(deps, context, issue.assigned_to_user_id),
    reported_by: viewer.team ? userRef(deps, context, issue.reporter_user_id) : { id: null, name: null },
    potential_duplicate: duplicate,
    url: issueUrl(deps, project, issue),
  };
  if (!options.skipAttachments) {
    Object.assign(body, renderIssueMedia(deps, caller, project, issue, context.attachments?.get(issue.id)));
  }
  // Extension for the team (the QA inbox's timeline): the submitted issue[debug_trace], as stored.
  if (viewer.team && issue.debug_trace && !options.skipAttachments)
    Object.assign(body, { debug_trace: JSON.parse(issue.debug_trace) as unknown });
  // Extension for the team (the QA inbox's triage facts): the release the issue was filed against.
  if (viewer.team && !options.skipAttachments)
    Object.assign(body, { release: releaseRef(deps, project, context, issue) });
  if (options.token && caller.token) body.token = options.token;
  if (options.warnings?.length) body.warnings = options.warnings;
  return body;
}
