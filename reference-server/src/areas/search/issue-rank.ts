// The ranking index of a database connection (rank-index.ts): loaded a chunk of issues at a time between requests
// once the server listens, then caught up from search_rank_log before each search (migration 043), so it holds the
// text the FTS5 index holds. Until it is loaded, searches rank with FTS5's bm25 (the same scores, more CPU).
import { inTransaction, type Db } from '../../db/database.ts';
import { indexedIssuesAfter, rankLogBounds, rankLogPosition, rankLogSince, trimRankLog } from './rank-repository.ts';
import { RankIndex } from './rank-index.ts';

interface State {
  index: RankIndex;
  /** The last log entry applied. */
  seq: number;
  /** Loading: the last issue id read. */
  nextId: number;
  ready: boolean;
}

const states = new WeakMap<Db, State>();
/** Issues read and tokenized per chunk of the load: about 8 ms of the request thread at a time at 100,000 issues. */
export const LOAD_CHUNK = 500;
/** Past this many unseen log entries a fresh load is cheaper than replaying them. */
const REPLAY_LIMIT = 5000;
/** Log entries the job thread's sweep keeps: a reader further behind loads afresh. */
export const RANK_LOG_TAIL = 10_000;

function begin(db: Db): State {
  // The log position first: whatever changes while the chunks are read is replayed once they are all in.
  const state: State = { index: new RankIndex(), seq: rankLogPosition(db), nextId: 0, ready: false };
  states.set(db, state);
  return state;
}

function loadChunk(db: Db, state: State): boolean {
  const rows = indexedIssuesAfter(db, state.nextId, LOAD_CHUNK);
  for (const row of rows) state.index.set(row);
  if (rows.length > 0) state.nextId = rows[rows.length - 1].id;
  state.ready = rows.length < LOAD_CHUNK;
  return state.ready;
}

/** Loads the rest one chunk per turn of the event loop, so requests are answered between chunks. */
function loadInBackground(db: Db, state: State): void {
  const step = () => {
    if (states.get(db) !== state || !db.open) return;
    try {
      if (!loadChunk(db, state)) setImmediate(step);
    } catch (error) {
      // Searches keep ranking with FTS5's bm25; the next one starts a new load.
      states.delete(db);
      console.error('issue ranking index load failed:', error);
    }
  };
  setImmediate(step);
}

/** Starts loading the ranking index in the background (the server does once it listens). */
export function warmIssueRank(db: Db): void {
  if (!states.has(db)) loadInBackground(db, begin(db));
}

/** Loads the whole ranking index now (benchmarks, tests) and answers it caught up. */
export function loadIssueRankNow(db: Db): RankIndex {
  let state = states.get(db);
  if (!state) state = begin(db);
  while (!state.ready) loadChunk(db, state);
  return follow(db, state) ?? loadIssueRankNow(db);
}

/**
 * The ranking index caught up with every change of the FTS5 index, or undefined while it is loading. A database whose
 * issues fit in one chunk is loaded at once; a larger one in the background.
 */
export function issueRank(db: Db): RankIndex | undefined {
  let state = states.get(db);
  if (!state) {
    state = begin(db);
    if (!loadChunk(db, state)) {
      loadInBackground(db, state);
      return undefined;
    }
  }
  return state.ready ? follow(db, state) : undefined;
}

/** Applies the log entries since the state's; a reader too far behind (or trimmed past) starts a new load. */
function follow(db: Db, state: State): RankIndex | undefined {
  const { first, last } = rankLogBounds(db);
  if (last === null || last <= state.seq) return state.index;
  if (last - state.seq > REPLAY_LIMIT || (first !== null && first > state.seq + 1)) {
    states.delete(db);
    warmIssueRank(db);
    return undefined;
  }
  const seen = new Set<number>();
  // Each entry reads the issue as it is now, so only its latest entry counts.
  for (const entry of rankLogSince(db, state.seq, REPLAY_LIMIT).reverse()) {
    state.seq = Math.max(state.seq, entry.seq);
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    if (entry.indexed) state.index.set(entry);
    else state.index.remove(entry.id);
  }
  return state.index;
}

/** Entries past the tail before the sweep trims them, so that most sweeps only read the log's two ends. */
const TRIM_BATCH = 1000;

/**
 * The job thread's sweep keeps the log's last RANK_LOG_TAIL entries, trimming once TRIM_BATCH more wait: a DELETE that
 * finds nothing still takes the write lock, which a request about to write would wait for.
 */
export function trimIssueRankLog(db: Db): number {
  const { first, last } = rankLogBounds(db);
  if (first === null || last === null || last - first + 1 < RANK_LOG_TAIL + TRIM_BATCH) return 0;
  return inTransaction(db, () => trimRankLog(db, RANK_LOG_TAIL));
}

/** Forgets the ranking index of a database (after /__admin/reset). */
export function forgetIssueRank(db: Db): void {
  states.delete(db);
}
