// What the inbox reads from the API. Resource shapes come from the protocol module (type-only
// imports, so no schema code ships); the attachment and notification views are narrowed here
// to the members docs/api/media.md#records-and-visibility and docs/api-choices.md#admin-surface name.
import type { ReportKind } from '../../../widget/src/protocol/events.ts';

export type { Issue } from '../../../widget/src/protocol/issues.ts';
export type { FeatureRequest } from '../../../widget/src/protocol/feature-requests.ts';
export type { Ticket } from '../../../widget/src/protocol/tickets.ts';
export type { Release } from '../../../widget/src/protocol/releases.ts';
export type { IssueTag } from '../../../widget/src/protocol/issue-tags.ts';
export type { ProjectDetail, ProjectListItem } from '../../../widget/src/protocol/projects.ts';
export type { VerifyResponse } from '../../../widget/src/protocol/auth.ts';
export type { ReportEvent, ReportKind } from '../../../widget/src/protocol/events.ts';

/** An issue attachment (docs/api/media.md#records-and-visibility): the shared members and each kind's extras. */
export interface Attachment {
  id: number;
  type?: string;
  created_at?: string;
  media_size_bytes?: number;
  size_bytes?: number;
  content_type?: string;
  url: string | null;
  filename: string | null;
  developer_private?: boolean;
  user?: { id: number | string | null; name: string | null } | null;
  description?: string | null;
  layer_a_url?: string | null;
  layer_a_filename?: string | null;
  processing?: boolean;
  processed?: boolean;
  failed?: boolean;
}

export interface MediaSet {
  screenshots: Attachment[];
  log_files: Attachment[];
  binary_files: Attachment[];
  video_clips: Attachment[];
}

/**
 * One row of GET /__admin/notifications (docs/api-choices.md#admin-surface); the shape lives in the protocol module.
 */
export type { NotificationRecord } from '../../../widget/src/protocol/fixtures.ts';

export interface SimilarIssue {
  id: number;
  scoped_id: number;
  title: string;
  status: string;
  priority: string;
  created_at: string;
  similarity_score: number;
}

/** One line of the inbox list, whatever the kind of report. */
export interface ReportItem {
  key: string;
  kind: ReportKind;
  /** The id used in this kind's paths: `g-<id>` for issues, the scoped id otherwise. */
  pathId: string;
  scopedId: number;
  title: string;
  status: string;
  priority?: string;
  createdAt: string;
  updatedAt: string;
  /** The service's 0-1 score (issues only). */
  score?: number;
  raw?: boolean;
  /** The issue its player named with "Same problem" (`g-<id>`), issues only. */
  sameAs?: string | null;
}

export const SORTS = ['created', 'updated', 'priority', 'score'] as const;
export type Sort = (typeof SORTS)[number];

export interface Filters {
  type: 'all' | ReportKind;
  status: string;
  priority: string;
  release: string;
  /** An issue tag id (issue_tags.json): only issues carrying it. */
  tag: string;
  archived: boolean;
  query: string;
  sort: Sort;
}

export const KIND_LABEL: Record<ReportKind, string> = {
  issue: 'Issue',
  feature_request: 'Feature request',
  ticket: 'Ticket',
};
