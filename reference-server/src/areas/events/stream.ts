// The report feed behind GET /projects/{pid}/events (an extension): issue writes arrive through
// the area's onIssueWrite; feature requests, tickets and issue attachments are polled once a second by
// their highest id and latest update, which costs two indexed aggregates per source. A replay
// reads pages, waits for the consumer between them, and stops at REPLAY_CAP (docs/security.md#caps-and-limits).
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, unauthenticated } from '../../errors.ts';
import type { ProjectRow } from '../projects-auth/repository.ts';
import type { IssueRow } from '../issues/repository.ts';
import {
  listChangedSince,
  listReplayPage,
  readChangeMark,
  type ChangeMark,
  type PolledSource,
  type ReplayCursor,
  type ReportChangeRow,
} from './repository.ts';
import type { ReportEvent, ReportEventType, ReportKind } from '../../../../widget/src/protocol/events.ts';
import { isTeam } from '../projects-auth/access.ts';
import type { Caller } from '../projects-auth/caller.ts';
import type { IssueWriteKind } from '../issues/write-hooks.ts';

/** One message of the stream: the SSE event name, its JSON data and its id (a change time). */
export interface FeedMessage {
  event: ReportEventType | 'replay.done';
  /** `more`: the replay stopped at its cap; reconnecting with the last event's id continues it. */
  data: ReportEvent | { replayed: number; more?: true };
  id?: string;
}

/** Reports one replay sends at most; past it the stream asks the client to reconnect and go on. */
export const REPLAY_CAP = 1000;
/** Reports read per query: the replay waits for the consumer after each page. */
export const REPLAY_PAGE = 250;

export interface FeedOptions {
  /**
   * Replay the reports of `replay` changed at or after this time (RFC 3339), or after a replayed
   * event's id (`<time>#<kind>-<id>`, as Last-Event-ID sends it back), before the live events.
   */
  since?: string;
  replay: readonly ReportKind[];
  /** Polling period in milliseconds (1000 by default). */
  pollMs?: number;
  /** Resolves true once the consumer took what was sent, false when it is gone or too slow. */
  drained?: () => Promise<boolean>;
}

export interface ReportFeed {
  close(): void;
  /** Settles when the replay is over: `more` when it stopped at REPLAY_CAP. */
  replayed: Promise<{ more: boolean }>;
}

const CURSOR_ID = /^(.+)#(issue|feature_request|ticket)-(\d+)$/;

/** `since` as a replay cursor; undefined when it is neither a time nor a replayed event's id. */
export function toReplayCursor(since: string): ReplayCursor | undefined {
  const match = CURSOR_ID.exec(since);
  const time = Date.parse(match ? match[1] : since);
  if (Number.isNaN(time)) return undefined;
  const at = new Date(time).toISOString();
  return match ? { at, kind: match[2] as ReportKind, id: Number(match[3]) } : { at, kind: '', id: 0 };
}

interface Subscriber {
  projectId: number;
  send(message: FeedMessage): void;
}

const POLLED_SOURCES: readonly PolledSource[] = ['feature_request', 'ticket', 'attachment'];
const ISSUE_EVENT: Record<IssueWriteKind, ReportEventType> = {
  created: 'report.created',
  updated: 'report.updated',
  published: 'report.updated',
  deleted: 'report.deleted',
};

/** Open feeds per database, so several servers in one process (tests) stay apart. */
const subscribers = new WeakMap<Db, Set<Subscriber>>();

/** The events area's `onIssueWrite`: the write goes to every open feed of its project. */
export function sendIssueWrite(deps: Deps, issue: IssueRow, kind: IssueWriteKind): void {
  for (const subscriber of subscribers.get(deps.db) ?? []) {
    if (subscriber.projectId === issue.project_id)
      subscriber.send(toMessage({ ...issue, kind: 'issue' }, ISSUE_EVENT[kind], false));
  }
}

/** The stream is a team view, like the unfiltered issue list: 401 for anonymous, 403 for the rest. */
export function assertCanFollowEvents(deps: Pick<Deps, 'db'>, caller: Caller, project: ProjectRow): void {
  if (caller.scheme === 'anonymous')
    throw unauthenticated('Sign in with a personal access token of a project team member to follow its events.');
  if (!isTeam(deps, caller, project))
    throw forbidden('Only the project team (owner, admin, developer, support) can follow its events.');
}

function toMessage(
  row: Omit<ReportChangeRow, 'kind'> & { kind: ReportKind },
  type: ReportEventType,
  replayed: boolean,
): FeedMessage {
  return {
    event: type,
    // A replayed event's id is a cursor that Last-Event-ID brings back; a live one is its time.
    id: replayed ? `${row.updated_at}#${row.kind}-${row.id}` : row.updated_at,
    data: {
      type,
      kind: row.kind,
      path_id: `g-${row.id}`,
      scoped_id: row.scoped_id,
      title: row.title,
      status: row.status,
      updated_at: row.updated_at,
      replayed,
    },
  };
}

export function openReportFeed(
  deps: Pick<Deps, 'db'>,
  project: ProjectRow,
  options: FeedOptions,
  send: (message: FeedMessage) => void,
): ReportFeed {
  const { db } = deps;
  const subscriber: Subscriber = { projectId: project.id, send };
  // Marks are read before the replay, so a change made meanwhile is sent twice rather than never.
  const marks = new Map<PolledSource, ChangeMark>();
  for (const source of POLLED_SOURCES) {
    try {
      marks.set(source, readChangeMark(db, source, project.id));
    } catch {
      /* table of an area not installed: skip it */
    }
  }
  let set = subscribers.get(db);
  if (!set) {
    set = new Set();
    subscribers.set(db, set);
  }
  set.add(subscriber);

  let closed = false;
  const replay = async (cursor: ReplayCursor): Promise<{ more: boolean }> => {
    const since = cursor.at;
    let replayed = 0;
    while (!closed) {
      const limit = Math.min(REPLAY_PAGE, REPLAY_CAP - replayed);
      const rows = limit > 0 ? listReplayPage(db, project.id, options.replay, cursor, limit) : [];
      for (const row of rows) send(toMessage(row, row.created_at >= since ? 'report.created' : 'report.updated', true));
      replayed += rows.length;
      const more = rows.length === limit && replayed >= REPLAY_CAP;
      if (rows.length < limit || more) {
        send({ event: 'replay.done', data: more ? { replayed, more: true } : { replayed } });
        return { more };
      }
      const last = rows[rows.length - 1];
      cursor = { at: last.updated_at, kind: last.kind, id: last.id };
      // A slow consumer is dropped by `drained`, never buffered page after page.
      if (options.drained && !(await options.drained())) break;
    }
    return { more: false };
  };
  const cursor = options.since !== undefined ? toReplayCursor(options.since) : undefined;
  const replayed = cursor ? replay(cursor).catch(() => ({ more: false })) : Promise.resolve({ more: false });

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
    try {
      poll();
    } catch {
      close();
    }
  }, options.pollMs ?? 1000);
  timer.unref();

  function close() {
    closed = true;
    clearInterval(timer);
    set?.delete(subscriber);
  }
  return { close, replayed };
}
