// Issue tags of a project, rendered as the official API client reads them; anyone who may see the
// project may list them (they name categories, not reports).
import type { IssueTag } from '../../../../widget/src/protocol/issue-tags.ts';
import type { Deps } from '../../deps.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import { listTags, type TagRow } from './repository.ts';

export function toIssueTag(row: TagRow): IssueTag {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description,
    parent_tag_id: row.parent_tag_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function listIssueTags(deps: Deps, project: ProjectRow): { tags: IssueTag[] } {
  return { tags: listTags(deps.db, project.id).map(toIssueTag) };
}
