// The report feed behind GET /projects/{pid}/events (an extension): issue writes arrive through
// the area's onIssueWrite; feature requests, tickets and issue attachments are polled once a second by
// their highest id and latest update, which costs two indexed aggregates per source.
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unauthenticated } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import type { IssueRow } from '../issues/repository.ts';
import {
  listChangedSince, listReportsChangedSince, readChangeMark, type ChangeMark, type PolledSource, type ReportChangeRow,
} from './repository.ts';
import type { ReportEvent, ReportEventType, ReportKind } from '../../../../widget/src/protocol/events.ts';
import { isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import type { IssueWriteKind } from '../issues/write-hooks.ts';

/** One message of the stream: the SSE event name, its JSON data and its id (a change time). */
export interface FeedMessage {
  event: ReportEventType | 'replay.done';
  data: ReportEvent | { replayed: number };
  id?: string;
}

export interface FeedOptions {
  /** Replay the reports of `replay` changed at or after this time before the live events. */
  since?: string;
  replay: readonly ReportKind[];
  /** Polling period in milliseconds (1000 by default). */
  pollMs?: number;
}

export interface ReportFeed {
  close(): void;
}

interface Subscriber {
  projectId: number;
  send(message: FeedMessage): void;
}

const POLLED_SOURCES: readonly PolledSource[] = ['feature_request', 'ticket', 'attachment'];
const ISSUE_EVENT: Record<IssueWriteKind, ReportEventType> = {
  created: 'report.created', updated: 'report.updated', published: 'report.updated', deleted: 'report.deleted',
};

/** Open feeds per database, so several servers in one process (tests) stay apart. */
const subscribers = new WeakMap<Db, Set<Subscriber>>();

/** The events area's `onIssueWrite`: the write goes to every open feed of its project. */
export function sendIssueWrite(deps: Deps, issue: IssueRow, kind: IssueWriteKind): void {
  for (const subscriber of subscribers.get(deps.db) ?? []) {
    if (subscriber.projectId === issue.project_id) subscriber.send(toMessage({ ...issue, kind: 'issue' }, ISSUE_EVENT[kind], false));
  }
}

/** The stream is a team view, like the unfiltered issue list: 401 for anonymous, 403 for the rest. */
export function assertCanFollowEvents(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): void {
  if (caller.scheme === 'anonymous') throw unauthenticated('Sign in with a personal access token of a project team member to follow its events.');
  if (!isTeam(deps, caller, project)) throw forbidden('Only the project team (owner, admin, developer, support) can follow its events.');
}

function toMessage(row: Omit<ReportChangeRow, 'kind'> & { kind: ReportKind }, type: ReportEventType, replayed: boolean): FeedMessage {
  return {
    event: type,
    id: row.updated_at,
    data: { type, kind: row.kind, path_id: `g-${row.id}`, scoped_id: row.scoped_id, title: row.title, status: row.status, updated_at: row.updated_at, replayed },
  };
}

export function openReportFeed(deps: Pick<Deps, 'db'>, project: ProjectRow, options: FeedOptions, send: (message: FeedMessage) => void): ReportFeed {
  const { db } = deps;
  const subscriber: Subscriber = { projectId: project.id, send };
  // Marks are read before the replay, so a change made meanwhile is sent twice rather than never.
  const marks = new Map<PolledSource, ChangeMark>();
  for (const source of POLLED_SOURCES) {
    try { marks.set(source, readChangeMark(db, source, project.id)); } catch { /* table of an area not installed: skip it */ }
  }
  let set = subscribers.get(db);
  if (!set) subscribers.set(db, (set = new Set()));
  set.add(subscriber);

  if (options.since !== undefined) {
    const since = new Date(options.since).toISOString();
    const rows = listReportsChangedSince(db, project.id, options.replay, since);
    for (const row of rows) send(toMessage(row, row.created_at >= since ? 'report.created' : 'report.updated', true));
    send({ event: 'replay.done', data: { replayed: rows.length } });
  }

  const poll = () => {
    if (!db.open) return close();
    for (const [source, mark] of marks) {
      const next = readChangeMark(db, source, project.id);
      if (next.maxId === mark.maxId && next.maxUpdatedAt === mark.maxUpdatedAt) continue;
      for (const row of listChangedSince(db, source, project.id, mark)) {
        const created = source !== 'attachment' && row.id > mark.maxId;
        send(toMessage(row, created ? 'report.created' : 'report.updated', false));
      }
      marks.set(source, next);
    }
  };
  const timer = setInterval(() => {
    try { poll(); } catch { close(); }
  }, options.pollMs ?? 1000);
  timer.unref();

  function close() {
    clearInterval(timer);
    set?.delete(subscriber);
  }
  return { close };
}
