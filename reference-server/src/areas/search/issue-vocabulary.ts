// The vocabulary of the issue index, one per database connection: loaded from fts5vocab and the index queue on first
// use, then brought up to date from search_vocab_log (filled by the insert and update triggers, so it holds the words
// of queued issues too) before each search, so writes from anywhere (issue service, fixtures, SQL) are seen. Reading
// it writes nothing: the job thread's sweep trims the log.
import { type Db, inTransaction } from '../../db/database.ts';
import {
  countIndexedIssues,
  issueIndexTerms,
  queuedIssues,
  trimVocabularyLog,
  vocabularyLogBounds,
  vocabularyLogSince,
} from './repository.ts';
import { tokenize } from './text.ts';
import { Vocabulary } from './vocabulary.ts';

interface Loaded {
  vocabulary: Vocabulary;
  seq: number;
}

const loaded = new WeakMap<Db, Loaded>();
/** Past this many unseen log entries a fresh load from fts5vocab is cheaper than replaying them. */
const REPLAY_LIMIT = 2000;

/** The index's terms and the queued issues' words, read in one snapshot: an issue is in one or the other. */
function loadFresh(db: Db): Loaded {
  const own = !db.inTransaction;
  if (own) db.exec('BEGIN');
  try {
    const last = vocabularyLogBounds(db).last ?? 0;
    const vocabulary = new Vocabulary();
    for (const { term, doc } of issueIndexTerms(db)) vocabulary.add(term, doc);
    for (const issue of queuedIssues(db, Number.MAX_SAFE_INTEGER))
      for (const term of new Set(tokenize(`${issue.title} ${issue.description ?? ''}`))) vocabulary.add(term);
    vocabulary.addDocuments(countIndexedIssues(db));
    return { vocabulary, seq: last };
  } finally {
    if (own) db.exec('COMMIT');
  }
}

export function issueVocabulary(db: Db): Vocabulary {
  let state = loaded.get(db);
  const { first, last } = vocabularyLogBounds(db);
  if (!state || (last !== null && (last - state.seq > REPLAY_LIMIT || (first !== null && first > state.seq + 1)))) {
    state = loadFresh(db);
    loaded.set(db, state);
  } else if (last !== null && last > state.seq) {
    for (const entry of vocabularyLogSince(db, state.seq, REPLAY_LIMIT + 1)) {
      state.seq = entry.seq;
      if (entry.title === null) continue;
      state.vocabulary.addDocuments(1);
      for (const term of new Set(tokenize(`${entry.title} ${entry.description ?? ''}`))) state.vocabulary.add(term);
    }
  }
  return state.vocabulary;
}

/**
 * Drops the log's entries older than the last REPLAY_LIMIT (the job thread's sweep): a reader further behind loads
 * afresh anyway, and every process on the database file reads the tail it needs.
 */
export function trimIssueVocabularyLog(db: Db): void {
  const { first, last } = vocabularyLogBounds(db);
  // In a transaction of its own, so the job thread announces it (db/write-turns.ts) like its other writes.
  if (first !== null && last !== null && last - first >= REPLAY_LIMIT)
    inTransaction(db, () => trimVocabularyLog(db, last - REPLAY_LIMIT));
}

/** Forgets the vocabulary of a database (after /__admin/reset). */
export function forgetIssueVocabulary(db: Db): void {
  loaded.delete(db);
}
